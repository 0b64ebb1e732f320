import { clsx, type ClassValue } from 'clsx'

/**
 * Joins conditional class names. Deliberately without tailwind-merge (8 KB gzip on every page,
 * see docs/decisions/006-javascript-budget.md): components offer variants instead of letting
 * callers override a utility, so no two classes passed together set the same property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
