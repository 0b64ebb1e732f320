/** The staff app's small building blocks, in the site's design language. */
import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { cn } from '#app/lib/cn.ts'

export { buttonClass }

/** A small button, for controls repeated on every item of a list (move, remove). */
export function smallButtonClass(variant: 'outline' | 'danger' = 'outline') {
  return cn(
    'inline-flex min-h-10 items-center justify-center rounded-full border px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50',
    variant === 'danger'
      ? 'border-danger/40 text-danger hover:bg-paper'
      : 'border-ink/25 text-ink hover:bg-paper-deep',
  )
}

let navigated = false

/**
 * The page's title and heading. After a navigation inside the app, focus moves to the heading so
 * that keyboard and screen-reader users start at the new page (not on the first load).
 */
export function PageHeader({
  title,
  lead,
  actions,
  back,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
  back?: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · Back office · DocuCommons`
    if (navigated) heading.current?.focus()
    navigated = true
  }, [title])
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {back}
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-3xl font-semibold break-words focus:outline-none sm:text-4xl"
        >
          {title}
        </h1>
        {lead && <div className="mt-2 max-w-reading text-ink-soft">{lead}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </header>
  )
}

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-card bg-white/70 p-5 shadow-card ring-1 ring-ink/5 sm:p-6', className)}
      {...props}
    />
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-card border border-dashed border-ink/25 px-6 py-12 text-center">
      <p className="font-display text-xl font-semibold">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-reading text-ink-soft">{children}</div>}
    </div>
  )
}

type Tone = 'new' | 'good' | 'bad' | 'quiet'
const tones: Record<Tone, string> = {
  new: 'bg-gold-soft text-ink',
  good: 'bg-teal text-paper',
  bad: 'bg-danger-soft text-danger',
  quiet: 'bg-paper-deep text-ink',
}

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  )
}

interface FieldProps {
  label: string
  hint?: ReactNode
  error?: string | undefined
}

/**
 * A field's frame: its label, an optional hint, the control, and the message when it is wrong,
 * tied to the control (aria-describedby, aria-invalid).
 */
function FieldFrame({
  label,
  hint,
  error,
  className,
  labelClassName = 'font-semibold',
  control,
}: FieldProps & {
  className?: string | undefined
  labelClassName?: string
  control: (aria: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

const controlClass = (error: string | undefined) =>
  cn(
    'rounded-xl border bg-white px-3.5 py-2 text-base text-ink',
    error ? 'border-danger' : 'border-ink/25',
  )

/** A text field with its label, an optional hint, and the server's message when it is wrong. */
export function Field({
  label,
  hint,
  error,
  className,
  ...input
}: ComponentProps<'input'> & FieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(aria) => (
        <input {...aria} className={cn('min-h-11', controlClass(error))} {...input} />
      )}
    />
  )
}

/**
 * A text area with its label, an optional hint, and the message when it is wrong;
 * `className` places the field, `controlClassName` styles the text area (a monospace transcript).
 */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  controlClassName,
  ...textarea
}: ComponentProps<'textarea'> & FieldProps & { controlClassName?: string }) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(aria) => (
        <textarea
          rows={3}
          {...aria}
          className={cn(controlClass(error), controlClassName)}
          {...textarea}
        />
      )}
    />
  )
}

/** A link to the page visitors see, in a new tab, saying so to screen readers. */
export function ViewOnSite({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      View on the site<span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

/** A select with its label. */
export function SelectField({
  label,
  hideLabel,
  hint,
  error,
  className,
  children,
  ...select
}: ComponentProps<'select'> & FieldProps & { hideLabel?: boolean }) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      labelClassName={hideLabel ? 'sr-only' : 'text-sm font-semibold'}
      control={(aria) => (
        <select
          {...aria}
          className="min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 text-base text-ink"
          {...select}
        >
          {children}
        </select>
      )}
    />
  )
}

/** A message about the whole form or page (not one field). */
export function Alert({ children, tone = 'bad' }: { children: ReactNode; tone?: 'bad' | 'info' }) {
  return (
    <div
      role={tone === 'bad' ? 'alert' : undefined}
      className={cn(
        'rounded-xl px-4 py-3',
        tone === 'bad' ? 'bg-danger-soft text-danger' : 'bg-paper-deep text-ink',
      )}
    >
      {children}
    </div>
  )
}

/** Pairs of a term and its value, as a readable list. */
export function Facts({ items }: { items: [term: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0 sm:contents">
          <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
          <dd className="break-words sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** While the first page's data loads. */
export function Loading() {
  return (
    <p role="status" className="flex min-h-dvh items-center justify-center text-ink-soft">
      Loading the back office…
    </p>
  )
}
