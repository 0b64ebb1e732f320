import { siteConfig } from '#app/config.ts'
import { buttonClass } from './button-styles.ts'

/**
 * The call to action of About (docs/requirements.md#visitors): anonymous visitors see "Join" (sign-up),
 * members see "Content" (their courses). Both are in the HTML; CSS shows the right one before
 * first paint, so neither label flashes.
 */
export function JoinOrContent({
  variant = 'primary',
  className,
  context,
}: {
  variant?: Parameters<typeof buttonClass>[0]
  className?: string
  context?: string
}) {
  const suffix = context ? <span className="sr-only"> ({context})</span> : null
  return (
    <>
      <a
        href={siteConfig.signupUrl}
        className={buttonClass(variant, `anonymous-only ${className ?? ''}`)}
      >
        Join{suffix}
      </a>
      <a
        href={siteConfig.dashboardCoursesUrl}
        className={buttonClass(variant, `member-only ${className ?? ''}`)}
      >
        Content{suffix}
      </a>
    </>
  )
}
