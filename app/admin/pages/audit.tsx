/** The audit log (administrators): every staff action, newest first, by action or by person. */
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router'
import type { AuditAnswer } from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call, query } from '#app/admin/api.ts'
import { useMore } from '#app/admin/components/more.tsx'
import { EmptyState, PageHeader, SelectField } from '#app/admin/components/ui.tsx'
import { formatDateTime } from '#app/admin/format.ts'

export function auditLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  return call(staffApi.auditLog, {
    query: { action: params.get('action') ?? undefined, actor: params.get('actor') ?? undefined },
  })
}

export function AuditPage() {
  const first = useLoaderData<typeof auditLoader>()
  // Each navigation (another filter) starts the list afresh from its loader's page.
  return <AuditLog key={useLocation().key} first={first} />
}

function AuditLog({ first }: { first: AuditAnswer }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const action = params.get('action') ?? ''
  const actor = params.get('actor') ?? ''
  const { items: entries, button: older } = useMore(
    first.entries,
    first.next,
    async (cursor) => {
      const page = await call(staffApi.auditLog, { query: { action, actor, cursor } })
      return { items: page.entries, next: page.next }
    },
    'Show older entries',
  )

  const filter = (name: 'action' | 'actor', value: string) =>
    navigate(`/audit${query({ action, actor, [name]: value })}`)

  return (
    <>
      <PageHeader
        title="Audit log"
        lead="Every action taken in the back office or with the staff commands. Visitors are named by record, never by address."
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Action"
          value={action}
          onChange={(event) => filter('action', event.target.value)}
        >
          <option value="">Every action</option>
          {first.actions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Person"
          value={actor}
          onChange={(event) => filter('actor', event.target.value)}
        >
          <option value="">Everyone</option>
          {first.actors.map((person) => (
            <option key={person.id} value={person.id}>
              {person.label}
            </option>
          ))}
        </SelectField>
      </div>
      {entries.length === 0 ? (
        <EmptyState title="Nothing recorded for this choice" />
      ) : (
        <ol
          aria-label="Audit entries, newest first"
          className="flex flex-col divide-y divide-ink/10 rounded-card bg-white/70 shadow-card ring-1 ring-ink/5"
        >
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-6 sm:px-5"
            >
              <time dateTime={entry.at} className="shrink-0 text-sm text-ink-soft sm:w-44">
                {formatDateTime(entry.at)}
              </time>
              <div className="min-w-0">
                <p className="break-words">{entry.summary}</p>
                <p className="text-sm break-words text-ink-soft">
                  <span className="font-mono">{entry.action}</span> · {entry.actor}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {older}
    </>
  )
}
