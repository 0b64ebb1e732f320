/**
 * A form made from the same zod schema the site reads the content with (common/content/): a text
 * field per string (a text area for the long ones), a choice per enum, a checkbox per boolean, a
 * picture field (thumbnail, library, alt text) per picture, and lists with add, remove and move
 * up/down buttons within the limits the schema sets (exactly 3 testimonials: no add or remove).
 * Each field shows its message, the schema's or the server's, by dotted path. The schema is read
 * through zod's JSON Schema of it (./schema-json.ts).
 */
import { useId, type ReactNode } from 'react'
import type { z } from 'zod'
import { Card, Field, SelectField, TextAreaField } from '#app/admin/components/ui.tsx'
import { labelOf } from './field-labels.ts'
import { PictureField } from './picture-field.tsx'
import { ListField } from './schema-list-field.tsx'
import {
  describeSchema,
  fieldsOf,
  kindOf,
  literalOf,
  optionFor,
  unwrapNull,
  type SchemaNode,
} from './schema-json.ts'

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
  const root = unwrapNull(describeSchema(schema))
  if (kindOf(root) === 'record')
    return (
      <RecordSections
        value={value}
        valueType={unwrapNull(root.additionalProperties as SchemaNode)}
        onChange={onChange}
        context={context}
      />
    )
  const entries = fieldsOf(root)
  const isSection = (field: SchemaNode) => ['picture', 'object', 'array'].includes(kindOf(field))
  const node = (key: string, field: SchemaNode, optional: boolean) => (
    <FieldNode
      schema={field}
      optional={optional}
      name={key}
      path={key}
      value={value[key]}
      onChange={(next) => onChange(withKey(value, key, next, optional))}
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
            {general.map(([key, field, optional]) => (
              <div key={key}>{node(key, field, optional)}</div>
            ))}
          </div>
        </Card>
      )}
      {entries
        .filter(([, field]) => isSection(field))
        .map(([key, field, optional]) => (
          <Card key={key} aria-labelledby={`section-${key}`}>
            <h2 id={`section-${key}`} className="mb-4 font-display text-2xl font-semibold">
              {labelOf(key)}
            </h2>
            {node(key, field, optional)}
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
  valueType: SchemaNode
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
  optional = false,
  name,
  path,
  value,
  onChange,
  context,
  top,
  label,
}: {
  schema: SchemaNode
  /** The field may be left out (`.optional()`). */
  optional?: boolean
  name: string
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  top?: boolean
  label?: string
}) {
  const kind = kindOf(schema)
  const error = context.shown(path) ? context.errors[path] : undefined
  const shownLabel = (label ?? labelOf(name)) + (optional ? ' (optional)' : '')
  const custom = context.custom?.[path]
  if (custom) return <>{custom({ value, onChange, error })}</>

  if (kind === 'picture') {
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
  if (kind === 'media-id' && name !== 'video')
    return (
      <PictureField
        label={shownLabel}
        image={String(value ?? '')}
        onChange={({ image }) => onChange(image)}
        errors={{ image: error }}
      />
    )

  switch (kind) {
    case 'object':
      return (
        <ObjectFields
          schema={schema}
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
          schema={schema}
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
          schema={schema}
          path={path}
          label={shownLabel}
          value={(value ?? []) as unknown[]}
          onChange={onChange}
          error={error}
          showLegend={!top}
          renderItem={(item) => <FieldNode {...item} context={context} />}
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
          {(schema.enum ?? []).map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
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
          <span className="font-semibold">{shownLabel}:</span> {String(literalOf(schema) ?? '')}{' '}
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
    default:
      return (
        <TextNode name={name} label={shownLabel} value={value} error={error} onChange={onChange} />
      )
  }
}

/** A string: a text area for the long ones, else a line (a phone, an e-mail, a URL keyboard). */
function TextNode({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string
  label: string
  value: unknown
  error: string | undefined
  onChange: Change
}) {
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
      label={label}
      value={text}
      error={error}
      hint={hint}
      rows={Math.min(8, Math.max(3, Math.ceil(text.length / 70)))}
      onChange={(event) => onChange(event.target.value)}
    />
  ) : (
    <Field
      label={label}
      value={text}
      error={error}
      hint={hint}
      inputMode={inputMode}
      spellCheck={inputMode ? false : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

function ObjectFields({
  schema,
  path,
  value,
  onChange,
  context,
  legend,
}: {
  schema: SchemaNode
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  legend?: string | undefined
}) {
  const object = (value ?? {}) as Record<string, unknown>
  const fields = (
    <div className="grid gap-5">
      {fieldsOf(schema).map(([key, field, optional]) => (
        <FieldNode
          key={key}
          schema={field}
          optional={optional}
          name={key}
          path={`${path}.${key}`}
          value={object[key]}
          onChange={(next) => onChange(withKey(object, key, next, optional))}
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
  schema,
  name,
  path,
  value,
  onChange,
  context,
  label,
}: {
  schema: SchemaNode
  name: string
  path: string
  value: unknown
  onChange: Change
  context: FormContext
  label: string
}) {
  const option = optionFor(schema, value)
  if (option)
    return (
      <ObjectFields
        schema={option}
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
