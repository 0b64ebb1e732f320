import { cn } from '#app/lib/cn.ts'

type Variant = 'primary' | 'dark' | 'outline' | 'light' | 'danger'
type Size = 'md' | 'wide' | 'lg'

const variants: Record<Variant, string> = {
  primary: 'bg-clay text-paper hover:bg-clay-deep',
  dark: 'bg-ink text-paper hover:bg-ink-soft',
  outline: 'border border-ink/25 text-ink hover:bg-paper-deep',
  light: 'bg-paper text-ink hover:bg-gold-soft',
  danger: 'border border-danger/40 text-danger hover:bg-paper',
}

const sizes: Record<Size, string> = {
  md: 'px-6 py-2.5',
  wide: 'px-8 py-2.5',
  lg: 'px-8 py-3.5 text-lg',
}

/**
 * Class names for links and buttons that look like buttons. `className` adds layout (margins,
 * flex) only: colours and padding come from the variant and the size.
 */
export function buttonClass(variant: Variant = 'primary', className?: string, size: Size = 'md') {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  )
}
