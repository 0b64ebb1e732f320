/**
 * The newsletter list: how many addresses are in each state, a searchable list, the CSV of the
 * addresses that may be mailed (what `npm run subscribers` prints), and unsubscribing an address
 * when its owner asks by mail or phone (a post to the route's action, ADR 026: the row and the
 * counts then show the address as the server has it).
 */
import { useState, type FormEvent } from 'react'
import {
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import {
  SUBSCRIBER_STATUSES,
  type SubscriberListAnswer,
  type SubscriberStatus,
  type SubscriberSummary,
} from '#common/back-office.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { call, downloadUrl, formText, query } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { useMore } from '#app/admin/components/more.tsx'
import {
  Badge,
  buttonClass,
  Card,
  EmptyState,
  PageHeader,
  SelectField,
} from '#app/admin/components/ui.tsx'
import { formatDate } from '#app/admin/format.ts'

type View = SubscriberStatus | 'mailable' | 'all'
const VIEWS: Record<View, string> = {
  mailable: 'May be mailed',
  confirmed: 'Confirmed',
  subscribed: 'Single opt-in',
  pending: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
  spam: 'Spam',
  all: 'Every state',
}
const STATUS_TONE = {
  confirmed: 'good',
  subscribed: 'good',
  pending: 'new',
  unsubscribed: 'quiet',
  spam: 'bad',
} as const

function viewOf(params: URLSearchParams): View {
  const status = params.get('status') ?? 'mailable'
  return status in VIEWS ? (status as View) : 'mailable'
}

export async function subscribersLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  return call(newsletterApi.subscribers, {
    query: { status: viewOf(params), q: params.get('q') || undefined },
  })
}

export type SubscriberActionResult =
  { ok: true; subscriber: SubscriberSummary } | { ok: false; message: string }

/** Unsubscribes the address whose id is posted (the only write of this page). */
export async function subscribersAction({
  request,
}: Pick<ActionFunctionArgs, 'request'>): Promise<SubscriberActionResult> {
  const form = await request.formData()
  if (form.get('intent') !== 'unsubscribe')
    return { ok: false, message: 'That is not something this page does.' }
  try {
    const id = formText(form, 'id')
    return { ok: true, subscriber: await call(newsletterApi.unsubscribe, { params: { id } }) }
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
}

export function SubscribersPage() {
  const first = useLoaderData<typeof subscribersLoader>()
  // Each navigation (another state, a search) starts the list afresh from its loader's page.
  return <Subscribers key={useLocation().key} first={first} />
}

/** How many addresses are in each state, and how many may be mailed. */
function StateCounts({ counts }: { counts: SubscriberListAnswer['counts'] }) {
  const mailable = counts.confirmed + counts.subscribed
  return (
    <Card aria-label="Addresses by state" className="mb-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm font-semibold text-ink-soft">May be mailed</dt>
          <dd className="font-display text-3xl font-semibold">
            {mailable.toLocaleString('en-US')}
          </dd>
        </div>
        {SUBSCRIBER_STATUSES.map((state) => (
          <div key={state}>
            <dt className="text-sm font-semibold text-ink-soft">{VIEWS[state]}</dt>
            <dd className="font-display text-2xl font-semibold">
              {counts[state].toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

/** Which state to show and what the address contains: applied by navigating to the new URL. */
function FilterForm({ view, search }: { view: View; search: string }) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState(search)
  const [status, setStatus] = useState<View>(view)

  function apply(event: FormEvent) {
    event.preventDefault()
    navigate(
      `/subscribers${query({ status: status === 'mailable' ? undefined : status, q: draft.trim() })}`,
    )
  }

  return (
    <form role="search" onSubmit={apply} className="mb-6 flex flex-wrap items-end gap-3">
      <SelectField
        label="Show"
        value={status}
        onChange={(event) => setStatus(event.target.value as View)}
      >
        {Object.entries(VIEWS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="flex min-w-0 grow flex-col gap-1.5">
        <label htmlFor="subscriber-search" className="text-sm font-semibold">
          Address contains
        </label>
        <input
          id="subscriber-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={200}
          className="min-h-11 rounded-xl border border-ink/25 bg-white px-3"
        />
      </div>
      <button type="submit" className={buttonClass('dark')}>
        Show
      </button>
    </form>
  )
}

function Subscribers({ first }: { first: SubscriberListAnswer }) {
  const [params] = useSearchParams()
  const view = viewOf(params)
  const search = params.get('q') ?? ''
  const {
    items: rows,
    setItems: setRows,
    button: more,
  } = useMore(
    first.subscribers,
    first.next,
    async (cursor) => {
      const page = await call(newsletterApi.subscribers, {
        query: { status: view, q: search, cursor },
      })
      return { items: page.subscribers, next: page.next }
    },
    'Show more',
  )
  const [leaving, setLeaving] = useState<SubscriberSummary>()
  const fetcher = useFetcher<SubscriberActionResult>()

  // The answer replaces its row in the list as shown (the pages "Show more" added included) and
  // closes the question; a refusal leaves it open.
  useActionAnswer(fetcher.data, {
    follow(result) {
      if (!result.ok) return
      const changed = result.subscriber
      setRows((shown) => shown.map((row) => (row.id === changed.id ? changed : row)))
      setLeaving(undefined)
    },
    say: (result) =>
      result.ok
        ? [`${result.subscriber.email} is unsubscribed and will not be mailed again.`]
        : [result.message, 'error'],
  })

  return (
    <>
      <PageHeader
        title="Subscribers"
        lead="The newsletter list. Download it afresh before each mailing, so that unsubscribes are honoured."
        actions={
          <a
            href={downloadUrl(newsletterApi.subscribersExport)}
            download
            className={buttonClass('outline')}
          >
            Download mailable addresses (CSV)
          </a>
        }
      />
      <StateCounts counts={first.counts} />
      <FilterForm view={view} search={search} />
      {rows.length === 0 ? (
        <EmptyState title={search ? `No address contains “${search}”` : 'Nobody here yet'}>
          {view === 'mailable' && !search
            ? 'Addresses appear once visitors sign up in the footer of the site (and confirm, when e-mail is set up).'
            : 'Try another state or search.'}
        </EmptyState>
      ) : (
        <ul
          aria-label={`${VIEWS[view]}${search ? `, containing “${search}”` : ''}`}
          className="flex flex-col gap-3"
        >
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all">{row.email}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
                  <Badge tone={STATUS_TONE[row.status]}>{VIEWS[row.status]}</Badge>
                  {row.bouncedAt && <Badge tone="bad">Bounced: not mailed</Badge>}
                  <span>since {formatDate(row.consentAt ?? row.createdAt)}</span>
                  {row.consentSource && <span>· {row.consentSource}</span>}
                </p>
              </div>
              {row.status !== 'unsubscribed' && row.status !== 'spam' && (
                <button
                  type="button"
                  className={buttonClass('danger')}
                  onClick={() => setLeaving(row)}
                >
                  Unsubscribe<span className="sr-only"> {row.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {more}
      <p className="mt-8 text-sm text-ink-soft">
        To erase an address entirely (not only unsubscribe it), use{' '}
        <Link to="/forget" className="font-semibold text-teal underline underline-offset-4">
          Forget a person
        </Link>
        .
      </p>
      <ConfirmDialog
        open={leaving !== undefined}
        title="Unsubscribe this address?"
        confirmLabel="Unsubscribe"
        onConfirm={() =>
          fetcher.submit({ intent: 'unsubscribe', id: leaving?.id ?? '' }, { method: 'post' })
        }
        onClose={() => setLeaving(undefined)}
      >
        <p>
          <strong className="break-all">{leaving?.email}</strong> will never be mailed again. Its
          record of consent stays, as proof of when it left.
        </p>
      </ConfirmDialog>
    </>
  )
}
