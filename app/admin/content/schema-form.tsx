/**
 * A form made from the same zod schema the site reads the content with (common/content/): a text
 * field per string (a text area for the long ones), a choice per enum, a checkbox per boolean, a
 * picture field (thumbnail, library, alt text) per picture, and lists with add, remove and move
 * up/down buttons within the limits the schema sets (exactly 3 testimonials: no add or remove).
 * Each field shows its message, the schema's or the server's, by dotted path.
 */
import { useId, useRef, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { mediaId as mediaIdSchema, picture as pictureSchema } from '#common/content/fields.ts'
import { cn } from '#app/lib/cn.ts'
import {
  buttonClass,
  Card,
  Field,
  SelectField,
  smallButtonClass,
  TextAreaField,
} from '../components/ui.tsx'
import { itemLabelOf, labelOf } from './field-labels.ts'
import { PictureField } from './picture-field.tsx'

/** zod's description of a schema, the part this form reads. */
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  entries?: Record<string, string>
  values?: unknown[]
  options?: z.ZodType[]
  discriminator?: string
  valueType?: z.ZodType
  checks?: {
    _zod: { def: { check: string; length?: number; minimum?: number; maximum?: number } }
  }[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema inside `.optional()`, `.default()`, `.nullable()`. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let current = schema
  let optional = false
  for (;;) {
    const def = defOf(current)
    if (
      (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') &&
      def.innerType
    ) {
      optional ||= def.type === 'optional'
      current = def.innerType
    } else return { schema: current, optional }
  }
}

/** How many items a list may have. */
function lengthLimits(schema: z.ZodType): { min: number; max: number } {
  let min = 0
  let max = Infinity
  for (const check of defOf(schema).checks ?? []) {
    const def = check._zod.def
    if (def.check === 'length_equals' && def.length !== undefined) min = max = def.length
    if (def.check === 'min_length' && def.minimum !== undefined) min = def.minimum
    if (def.check === 'max_length' && def.maximum !== undefined) max = def.maximum
  }
  return { min, max }
}

/** A new, empty value of a schema (a new list item). */
export function emptyOf(schema: z.ZodType): unknown {
  const { schema: inner } = unwrap(schema)
  if (inner === pictureSchema) return { image: '', alt: '' }
  const def = defOf(inner)
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => !unwrap(field).optional)
          .map(([key, field]) => [key, emptyOf(field)]),
      )
    case 'array':
      return Array.from({ length: lengthLimits(inner).min }, () => emptyOf(def.element!))
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'boolean':
      return false
    case 'number':
      return 0
    default:
      return ''
  }
}

/** Strings that are paragraphs rather than lines. */
const LONG = new Set([
  'body',
  'description',
  'intro',
  'quote',
  'blurb',
  'text',
  'summary',
  'formIntro',
])

export interface FormContext {
  errors: Record<string, string>
  shown: (path: string) => boolean
  /** Fields drawn by the page instead (e.g. the order of the articles), by dotted path. */
  custom?: Record<
    string,
    (props: {
      value: unknown
      onChange: (value: unknown) => void
      error?: string | undefined
    }) => ReactNode
  >
}

type Change = (value: unknown) => void

export function SchemaForm({
  schema,
  value,
  onChange,
  context,
}: {
  schema: z.ZodType
  value: Record<string, unknown>
  onChange: (value: Record<string, unknown>) => void
  context: FormContext
}) {
  const def = defOf(unwrap(schema).schema)
  if (def.type === 'record')
    return (
      <RecordSections
        value={value}
        valueType={def.valueType!}
        onChange={onChange}
        context={context}
      />
    )
  const entries = Object.entries(def.shape ?? {})
  const isSection = (field: z.ZodType) => {
    const inner = unwrap(field).schema
    const kind = defOf(inner).type
    return inner === pictureSchema || kind === 'object' || kind === 'array'
  }
  const node = (key: string, field: z.ZodType) => (
    <FieldNode
      schema={field}
      name={key}
      path={key}
      value={value[key]}
      onChange={(next) => onChange(withKey(value, key, next, unwrap(field).optional))}
      context={context}
      top
    />
  )
  const general = entries.filter(([, field]) => !isSection(field))
  return (
    <div className="flex flex-col gap-6">
      {general.length > 0 && (
        <Card aria-labelledby="section-general">
          <h2 id="section-general" className="mb-4 font-display text-2xl font-semibold">
            General
          </h2>
          <div className="grid gap-5">
            {general.map(([key, field]) => (
              <div key={key}>{node(key, field)}</div>
            ))}
          </div>
        </Card>
      )}
      {entries
        .filter(([, field]) => isSection(field))
        .map(([key, field]) => (
          <Card key={key} aria-labelledby={`section-${key}`}>
            <h2 id={`section-${key}`} className="mb-4 font-display text-2xl font-semibold">
              {labelOf(key)}
            </h2>
            {node(key, field)}
          </Card>
        ))}
    </div>
  )
}

/** The object with one key changed; an optional field left empty is left out. */
function withKey(object: unknown, key: string, next: unknown, optional: boolean) {
  const { [key]: _, ...rest } = (object ?? {}) as Record<string, unknown>
  const empty = next === '' || next === undefined || (Array.isArray(next) && next.length === 0)
  return optional && empty ? rest : { ...rest, [key]: next }
}

function RecordSections({
  value,
  valueType,
  onChange,
  context,
}: {
  value: Record<string, unknown>
  valueType: z.ZodType
  onChange: (value: Record<string, unknown>) => void
  context: FormContext
}) {
  return (
    <div className="flex flex-col gap-6">
      {Object.entries(value).map(([key, entry]) => (
        <Card key={key} aria-labelledby={`section-${key}`}>
          <h2 id={`section-${key}`} className="mb-4 font-mono text-xl font-semibold break-all">
            {key}
          </h2>
          <FieldNode
            schema={valueType}
            name={key}
            path={key}
            value={entry}
            onChange={(next) => onChange({ ...value, [key]: next })}
            context={context}
            top
          />
        </Card>
      ))}
    </div>
  )
}

function FieldNode({
  schema,
  name,
  path,
  value,
  onChange,
  context,
  top,
  label,
}: {
  schema: z.ZodType
  name: string
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  top?: boolean
  label?: string
}) {
  const { schema: inner, optional } = unwrap(schema)
  const def = defOf(inner)
  const error = context.shown(path) ? context.errors[path] : undefined
  const shownLabel = (label ?? labelOf(name)) + (optional ? ' (optional)' : '')
  const custom = context.custom?.[path]
  if (custom) return <>{custom({ value, onChange, error })}</>

  if (inner === pictureSchema) {
    const picture = (value ?? { image: '', alt: '' }) as { image: string; alt: string }
    const errorAt = (field: string) =>
      context.shown(path) ? (context.errors[`${path}.${field}`] ?? context.errors[path]) : undefined
    return (
      <PictureField
        label={shownLabel}
        image={picture.image}
        alt={picture.alt}
        onChange={({ image, alt }) => onChange({ image, alt: alt ?? picture.alt })}
        errors={{ image: errorAt('image'), alt: errorAt('alt') }}
      />
    )
  }
  if (inner === mediaIdSchema && name !== 'video')
    return (
      <PictureField
        label={shownLabel}
        image={String(value ?? '')}
        onChange={({ image }) => onChange(image)}
        errors={{ image: error }}
      />
    )

  switch (def.type) {
    case 'object':
      return (
        <ObjectFields
          shape={def.shape ?? {}}
          path={path}
          value={value}
          onChange={onChange}
          context={context}
          legend={top ? undefined : shownLabel}
        />
      )
    case 'union':
      return (
        <UnionField
          def={def}
          name={name}
          path={path}
          value={value}
          onChange={onChange}
          context={context}
          label={shownLabel}
        />
      )
    case 'array':
      return (
        <ListField
          schema={inner}
          element={def.element!}
          path={path}
          label={shownLabel}
          value={(value ?? []) as unknown[]}
          onChange={onChange}
          context={context}
          error={error}
          showLegend={!top}
        />
      )
    case 'enum':
      return (
        <SelectField
          label={shownLabel}
          value={String(value ?? '')}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        >
          {Object.values(def.entries ?? {}).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      )
    case 'boolean':
      return (
        <CheckboxField
          label={shownLabel}
          checked={value === true}
          onChange={onChange}
          error={error}
        />
      )
    case 'literal':
      return (
        <p>
          <span className="font-semibold">{shownLabel}:</span> {String(def.values?.[0] ?? '')}{' '}
          <span className="text-sm text-ink-soft">(fixed)</span>
        </p>
      )
    case 'number':
      return (
        <Field
          label={shownLabel}
          type="number"
          value={String(value ?? '')}
          error={error}
          onChange={(event) => onChange(Number(event.target.value))}
        />
      )
    default: {
      const text = String(value ?? '')
      const hint =
        name === 'video'
          ? 'A video of the media manifest, by id (videos are made by the build).'
          : undefined
      const inputMode =
        name === 'phone'
          ? 'tel'
          : name === 'email'
            ? 'email'
            : /^https?:\/\//.test(text)
              ? 'url'
              : undefined
      return LONG.has(name) || text.length > 90 ? (
        <TextAreaField
          label={shownLabel}
          value={text}
          error={error}
          hint={hint}
          rows={Math.min(8, Math.max(3, Math.ceil(text.length / 70)))}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Field
          label={shownLabel}
          value={text}
          error={error}
          hint={hint}
          inputMode={inputMode}
          spellCheck={inputMode ? false : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )
    }
  }
}

function ObjectFields({
  shape,
  path,
  value,
  onChange,
  context,
  legend,
}: {
  shape: Record<string, z.ZodType>
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  legend?: string | undefined
}) {
  const object = (value ?? {}) as Record<string, unknown>
  const fields = (
    <div className="grid gap-5">
      {Object.entries(shape).map(([key, field]) => (
        <FieldNode
          key={key}
          schema={field}
          name={key}
          path={`${path}.${key}`}
          value={object[key]}
          onChange={(next) => onChange(withKey(object, key, next, unwrap(field).optional))}
          context={context}
        />
      ))}
    </div>
  )
  if (!legend) return fields
  return (
    <fieldset className="min-w-0 rounded-card border border-ink/15 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {fields}
    </fieldset>
  )
}

/** A discriminated union (a consent page's kind): the fields of the kind it is. */
function UnionField({
  def,
  name,
  path,
  value,
  onChange,
  context,
  label,
}: {
  def: Def
  name: string
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  label: string
}) {
  const discriminator = def.discriminator
  const object = (value ?? {}) as Record<string, unknown>
  const option = discriminator
    ? def.options?.find((candidate) => {
        const field = defOf(candidate).shape?.[discriminator]
        return field !== undefined && defOf(field).values?.includes(object[discriminator])
      })
    : undefined
  if (option)
    return (
      <ObjectFields
        shape={defOf(option).shape ?? {}}
        path={path}
        value={value}
        onChange={onChange}
        context={context}
      />
    )
  // A union of string rules (a link that is a path, a URL or an anchor): one text field.
  const error = context.shown(path) ? context.errors[path] : undefined
  return (
    <Field
      label={label || labelOf(name)}
      value={String(value ?? '')}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

function CheckboxField({
  label,
  checked,
  onChange,
  error,
}: {
  label: string
  checked: boolean
  onChange: Change
  error?: string | undefined
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-clay"
        />
        {label}
      </label>
      {error && <p className="text-sm font-medium text-danger">{error}</p>}
    </div>
  )
}

/**
 * A list: each item with Move up, Move down and Remove (as the schema's limits allow), and Add at
 * the end. After a move, focus follows the item, and the move is announced.
 */
function ListField({
  schema,
  element,
  path,
  label,
  value,
  onChange,
  context,
  error,
  showLegend,
}: {
  schema: z.ZodType
  element: z.ZodType
  path: string
  label: string
  value: unknown[]
  onChange: Change
  context: FormContext
  error: string | undefined
  showLegend: boolean
}) {
  const { min, max } = lengthLimits(schema)
  const item = itemLabelOf(path)
  const list = useRef<HTMLOListElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const simple =
    defOf(unwrap(element).schema).type !== 'object' && unwrap(element).schema !== pictureSchema

  function move(from: number, to: number, button: 'up' | 'down') {
    const next = [...value]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved)
    onChange(next)
    setAnnouncement(`${item} ${from + 1} moved to position ${to + 1} of ${value.length}.`)
    requestAnimationFrame(() => {
      const items = list.current?.children
      const target =
        items?.[to]?.querySelector<HTMLButtonElement>(`[data-move="${button}"]:not([disabled])`) ??
        items?.[to]?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])')
      target?.focus()
    })
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index))
    setAnnouncement(`${item} ${index + 1} removed.`)
  }

  const body = (
    <>
      {error && <p className="mb-2 text-sm font-medium text-danger">{error}</p>}
      <ol ref={list} className="flex flex-col gap-4">
        {value.map((entry, index) => {
          const itemLabel = `${item} ${index + 1}`
          const controls = (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                data-move="up"
                disabled={index === 0}
                onClick={() => move(index, index - 1, 'up')}
                className={smallButtonClass('outline')}
              >
                Move up<span className="sr-only"> {itemLabel}</span>
              </button>
              <button
                type="button"
                data-move="down"
                disabled={index === value.length - 1}
                onClick={() => move(index, index + 1, 'down')}
                className={smallButtonClass('outline')}
              >
                Move down<span className="sr-only"> {itemLabel}</span>
              </button>
              {value.length > min && (
                <button
                  type="button"
                  onClick={() => remove(index)}
                  className={smallButtonClass('danger')}
                >
                  Remove<span className="sr-only"> {itemLabel}</span>
                </button>
              )}
            </div>
          )
          const field = (
            <FieldNode
              schema={element}
              name={path.split('.').at(-1)!}
              path={`${path}.${index}`}
              value={entry}
              onChange={(next) => onChange(value.map((old, i) => (i === index ? next : old)))}
              context={context}
              {...(simple ? { label: itemLabel } : { top: true })}
            />
          )
          return (
            <li key={index} className={cn(!simple && 'rounded-card border border-ink/15 p-4')}>
              {simple ? (
                <div className="flex flex-col gap-2">
                  {field}
                  {controls}
                </div>
              ) : (
                <fieldset className="min-w-0">
                  <legend className="mb-3 font-display text-lg font-semibold">{itemLabel}</legend>
                  <div className="mb-4">{controls}</div>
                  {field}
                </fieldset>
              )}
            </li>
          )
        })}
      </ol>
      {value.length < max && (
        <button
          type="button"
          className={buttonClass('outline', 'mt-4')}
          onClick={() => {
            onChange([...value, emptyOf(element)])
            setAnnouncement(`${item} ${value.length + 1} added at the end.`)
          }}
        >
          Add {item.toLowerCase()}
          <span className="sr-only"> to {label}</span>
        </button>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  )
  if (!showLegend) return body
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-semibold">{label}</legend>
      {body}
    </fieldset>
  )
}
