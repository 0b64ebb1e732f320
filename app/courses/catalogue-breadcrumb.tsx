/** The catalogue's place in the store's taxonomy; the trail has no pages of its own to link to. */
export function CatalogueBreadcrumb({ items }: { items: readonly string[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-ink-soft">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={item} className="flex items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-ink/40">
                  -
                </span>
              )}
              <span
                aria-current={last ? 'page' : undefined}
                className={last ? 'font-semibold text-clay' : undefined}
              >
                {item}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
