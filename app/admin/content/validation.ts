/**
 * The site's own content schemas, run in the browser as the writer types: one message per field
 * (dotted paths, as the server names them), worded to be read next to the field.
 */
import type { z } from 'zod'
import { slugify } from '#common/content/slug.ts'

/** "must not be empty" → "Must not be empty."; the server's messages are left as they are. */
export function sentence(message: string): string {
  const text = message.trim()
  if (!text) return text
  const first = text[0]!.toUpperCase() + text.slice(1)
  return /[.!?…]$/.test(first) ? first : `${first}.`
}

/** The first problem of each field of `value` against `schema`, by dotted path. */
export function fieldProblems(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const problems: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.')
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.message
    problems[path] ??= sentence(message)
  }
  return problems
}

/** A slug from a name: "Marisol Vega" → "marisol-vega"; an apostrophe joins ("O’Neal" → "oneal"). */
export const slugFrom = (text: string): string => slugify(text.replace(/['’]/g, ''))
