import { HONEYPOT_FIELD } from '#common/contact.ts'

/**
 * The spam trap of both forms: a field hidden from people and from assistive technology, left
 * empty by visitors and filled in by bots (docs/decisions/005-contact-delivery.md).
 */
export function Honeypot() {
  return (
    <div className="sr-only" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
