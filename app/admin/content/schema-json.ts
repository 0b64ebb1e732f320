/**
 * What the page form (./schema-form.tsx) reads of a content schema: zod's own JSON Schema of it
 * (`toJSONSchema`, zod's public description of a schema), with the two shared fields the form
 * draws as pictures marked by an extension keyword, `x-field`. The form never reads zod's
 * internals, so a new zod keeps working with it as long as its JSON Schema does.
 */
import { toJSONSchema, type z } from 'zod'
import { mediaId as mediaIdSchema, picture as pictureSchema } from '#common/content/fields.ts'

/** The part of a JSON Schema (draft 2020-12, as zod writes it) this form reads. */
export interface SchemaNode {
  type?: string | string[]
  properties?: Record<string, SchemaNode>
  required?: string[]
  additionalProperties?: SchemaNode | boolean
  items?: SchemaNode
  minItems?: number
  maxItems?: number
  enum?: unknown[]
  const?: unknown
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  /** "picture" (an image and its alt text) or "media-id" (one picture of the library). */
  'x-field'?: 'picture' | 'media-id'
}

const described = new WeakMap<z.ZodType, SchemaNode>()

/** A content schema as JSON Schema (worked out once per schema). */
export function describeSchema(schema: z.ZodType): SchemaNode {
  let node = described.get(schema)
  if (!node) {
    node = toJSONSchema(schema, {
      // Refinements and the like have no JSON Schema: the field stays, the server checks them.
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        if (zodSchema === pictureSchema) jsonSchema['x-field'] = 'picture'
        if (zodSchema === mediaIdSchema) jsonSchema['x-field'] = 'media-id'
      },
    }) as SchemaNode
    described.set(schema, node)
  }
  return node
}

/** The schema inside `.nullable()` (an "anyOf" with null); `.optional()` is the parent's say. */
export function unwrapNull(node: SchemaNode): SchemaNode {
  const options = node.anyOf
  if (!options || options.length !== 2) return node
  const other = options.filter((option) => option.type !== 'null')
  return other.length === 1 ? { ...other[0]!, ...withoutAnyOf(node) } : node
}

function withoutAnyOf(node: SchemaNode): SchemaNode {
  const { anyOf: _, ...rest } = node
  return rest
}

export type Kind =
  | 'picture'
  | 'media-id'
  | 'object'
  | 'record'
  | 'union'
  | 'array'
  | 'enum'
  | 'literal'
  | 'boolean'
  | 'number'
  | 'string'

/** What a field is, for the form: which control draws it. */
export function kindOf(node: SchemaNode): Kind {
  if (node['x-field']) return node['x-field']
  if (node.const !== undefined) return 'literal'
  if (node.enum) return node.enum.length === 1 ? 'literal' : 'enum'
  if (node.anyOf || node.oneOf) return 'union'
  const type = Array.isArray(node.type) ? node.type[0] : node.type
  if (type === 'object')
    return node.properties === undefined && typeof node.additionalProperties === 'object'
      ? 'record'
      : 'object'
  if (type === 'array') return 'array'
  if (type === 'boolean') return 'boolean'
  if (type === 'number' || type === 'integer') return 'number'
  return 'string'
}

/** The one value a literal field has. */
export const literalOf = (node: SchemaNode): unknown => node.const ?? node.enum?.[0]

/** How many items a list may have. */
export function lengthLimits(node: SchemaNode): { min: number; max: number } {
  return { min: node.minItems ?? 0, max: node.maxItems ?? Infinity }
}

/** An object's fields, each with whether it may be left out. */
export function fieldsOf(node: SchemaNode): [string, SchemaNode, boolean][] {
  const required = new Set(node.required ?? [])
  return Object.entries(node.properties ?? {}).map(([key, field]) => [
    key,
    unwrapNull(field),
    !required.has(key),
  ])
}

/** The option of a union (a consent page's kind) whose fixed fields the value has. */
export function optionFor(node: SchemaNode, value: unknown): SchemaNode | undefined {
  const object = (value ?? {}) as Record<string, unknown>
  return (node.anyOf ?? node.oneOf ?? []).find((option) => {
    const fixed = Object.entries(option.properties ?? {}).filter(
      ([, field]) => literalOf(field) !== undefined && kindOf(field) === 'literal',
    )
    return (
      kindOf(option) === 'object' &&
      fixed.length > 0 &&
      fixed.every(([key, field]) => object[key] === literalOf(field))
    )
  })
}

/** A new, empty value of a schema (a new list item). */
export function emptyOf(node: SchemaNode): unknown {
  switch (kindOf(node)) {
    case 'picture':
      return { image: '', alt: '' }
    case 'object':
      return Object.fromEntries(
        fieldsOf(node)
          .filter(([, , optional]) => !optional)
          .map(([key, field]) => [key, emptyOf(field)]),
      )
    case 'array':
      return Array.from({ length: lengthLimits(node).min }, () => emptyOf(unwrapNull(node.items!)))
    case 'enum':
      return node.enum?.[0]
    case 'literal':
      return literalOf(node)
    case 'boolean':
      return false
    case 'number':
      return 0
    default:
      return ''
  }
}
