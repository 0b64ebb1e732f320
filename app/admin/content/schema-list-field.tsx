/**
 * A list of the page form (./schema-form.tsx), within the limits its schema sets (exactly 3
 * testimonials: no add or remove).
 */
import { useRef, useState, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { buttonClass, smallButtonClass } from '#app/admin/components/ui.tsx'
import { itemLabelOf } from './field-labels.ts'
import { emptyOf, kindOf, lengthLimits, unwrapNull, type SchemaNode } from './schema-json.ts'

/** What the list gives the form to draw one of its items. */
export interface ItemProps {
  schema: SchemaNode
  name: string
  path: string
  value: unknown
  onChange: (value: unknown) => void
  label?: string
  top?: boolean
}

/**
 * A list: each item with Move up, Move down and Remove (as the schema's limits allow), and Add at
 * the end. After a move, focus follows the item, and the move is announced.
 */
export function ListField({
  schema,
  path,
  label,
  value,
  onChange,
  error,
  showLegend,
  renderItem,
}: {
  schema: SchemaNode
  path: string
  label: string
  value: unknown[]
  onChange: (value: unknown) => void
  error: string | undefined
  showLegend: boolean
  /** Draws one item's field (the form's own field, which may hold lists again). */
  renderItem: (item: ItemProps) => ReactNode
}) {
  const { min, max } = lengthLimits(schema)
  const element = unwrapNull(schema.items ?? {})
  const item = itemLabelOf(path)
  const list = useRef<HTMLOListElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const simple = !['object', 'picture'].includes(kindOf(element))

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
          const field = renderItem({
            schema: element,
            name: path.split('.').at(-1)!,
            path: `${path}.${index}`,
            value: entry,
            onChange: (next) => onChange(value.map((old, i) => (i === index ? next : old))),
            ...(simple ? { label: itemLabel } : { top: true }),
          })
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
