import { Fragment } from 'react'

/**
 * A mailto link whose address breaks, when its line is too narrow for it, where a reader expects:
 * after the @ and before each dot of the domain (a `<wbr>` each). Any mailto link may still break
 * anywhere as a last resort (app/styles/app.css), so a long address never widens the page; this
 * keeps a footer column from cutting `example.org` into `example.or` and `g`.
 */
export function EmailLink({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf('@')
  const local = at < 0 ? address : address.slice(0, at + 1)
  const domain = at < 0 ? [] : address.slice(at + 1).split('.')
  return (
    <a href={`mailto:${address}`} className={className}>
      {local}
      {domain.map((part, i) => (
        <Fragment key={i}>
          <wbr />
          {i > 0 ? `.${part}` : part}
        </Fragment>
      ))}
    </a>
  )
}
