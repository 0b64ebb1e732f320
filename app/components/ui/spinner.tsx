import { cn } from '#app/lib/cn.ts'

/** A spinning ring with an accessible label, announced politely as a status. */
export function Spinner({
  label,
  className,
  showLabel = false,
}: {
  label: string
  className?: string
  showLabel?: boolean
}) {
  return (
    <span role="status" className="inline-flex flex-col items-center gap-3">
      <svg
        viewBox="0 0 48 48"
        className={cn('animate-spin-slow', className)}
        aria-hidden="true"
        fill="none"
      >
        <circle cx="24" cy="24" r="20" stroke="currentColor" strokeOpacity="0.25" strokeWidth="5" />
        <path
          d="M44 24A20 20 0 0 0 24 4"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <span className={showLabel ? 'font-medium' : 'sr-only'}>{label}</span>
    </span>
  )
}
