import { cn } from '#app/lib/cn.ts'

/** Two arrows chasing each other; spins while a load runs. */
export function RefreshIcon({ spinning, className }: { spinning: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-spinning={spinning || undefined}
      className={cn(
        'size-5 shrink-0',
        spinning && 'animate-spin-slow motion-reduce:animate-none',
        className,
      )}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
      <path d="M4 3v5h5" />
      <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
      <path d="M20 21v-5h-5" />
    </svg>
  )
}
