import { cn } from '~/lib/cn'

type Variant = 'primary' | 'dark' | 'outline' | 'light'

const variants: Record<Variant, string> = {
  primary: 'bg-clay text-paper hover:bg-clay-deep',
  dark: 'bg-ink text-paper hover:bg-ink-soft',
  outline: 'border border-ink/25 text-ink hover:bg-paper-deep',
  light: 'bg-paper text-ink hover:bg-gold-soft',
}

/** Class names for links and buttons that look like buttons. */
export function buttonClass(variant: Variant = 'primary', className?: string) {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    className,
  )
}
