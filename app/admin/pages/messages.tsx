/**
 * The inbox: views (new, handled, spam, all) with their counts, search, newest first, "Show older
 * messages" following the server's cursor, and the CSV download of the current view.
 */
import {
  Link,
  useLoaderData,
  useNavigate,
  useLocation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router'
import {
  MESSAGE_FILTERS,
  type MessageFilter,
  type MessageListAnswer,
  type MessageSummary,
} from '#common/back-office.ts'
import * as contactApi from '#common/contact-contracts.ts'
import { call, downloadUrl, query } from '#app/admin/api.ts'
import { SearchForm, ViewLinks } from '#app/admin/components/list-controls.tsx'
import { useMore } from '#app/admin/components/more.tsx'
import { Badge, buttonClass, EmptyState, PageHeader } from '#app/admin/components/ui.tsx'
import { formatAgo, formatDateTime } from '#app/admin/format.ts'

const VIEW_LABELS: Record<MessageFilter, string> = {
  new: 'New',
  handled: 'Handled',
  spam: 'Spam',
  all: 'All but spam',
}

function viewOf(params: URLSearchParams): MessageFilter {
  const view = params.get('filter')
  return (MESSAGE_FILTERS as readonly string[]).includes(view ?? '')
    ? (view as MessageFilter)
    : 'new'
}

export async function messagesLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  return call(contactApi.messages, {
    query: { filter: viewOf(params), q: params.get('q') || undefined },
  })
}

export function MessagesPage() {
  const first = useLoaderData<typeof messagesLoader>()
  // Each navigation (another view, a search) starts the list afresh from its loader's page.
  return <Inbox key={useLocation().key} first={first} />
}

function Inbox({ first }: { first: MessageListAnswer }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const view = viewOf(params)
  const search = params.get('q') ?? ''
  const { items: messages, button: older } = useMore(
    first.messages,
    first.next,
    async (cursor) => {
      const page = await call(contactApi.messages, { query: { filter: view, q: search, cursor } })
      return { items: page.messages, next: page.next }
    },
    'Show older messages',
  )

  return (
    <>
      <PageHeader
        title="Messages"
        lead="What visitors sent through the contact form, newest first."
        actions={
          <a
            href={downloadUrl(contactApi.messagesExport, { query: { filter: view, q: search } })}
            download
            className={buttonClass('outline')}
          >
            Download CSV
            <span className="sr-only"> of the {VIEW_LABELS[view].toLowerCase()} messages</span>
          </a>
        }
      />
      <ViewLinks
        label="Message views"
        views={MESSAGE_FILTERS.map((filter) => ({
          label: VIEW_LABELS[filter],
          to: `/messages${query({ filter: filter === 'new' ? undefined : filter, q: search })}`,
          current: filter === view,
          count: first.counts?.[filter],
        }))}
      />
      <SearchForm
        label="Search messages"
        placeholder="Search names, addresses and text"
        search={search}
        onSearch={(words) =>
          navigate(`/messages${query({ filter: view === 'new' ? undefined : view, q: words })}`)
        }
      />
      {messages.length === 0 ? (
        <EmptyState title={search ? `No messages match “${search}”` : emptyTitle(view)}>
          {search
            ? 'Try fewer or other words, or look in another view.'
            : view === 'new'
              ? 'When a visitor writes through the contact form, the message appears here.'
              : null}
        </EmptyState>
      ) : (
        <>
          <ul aria-label={`${VIEW_LABELS[view]} messages`} className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ul>
          {older}
        </>
      )}
    </>
  )
}

function emptyTitle(view: MessageFilter) {
  return {
    new: 'No new messages',
    handled: 'No handled messages yet',
    spam: 'No spam',
    all: 'No messages yet',
  }[view]
}

export function MessageItem({ message }: { message: MessageSummary }) {
  const ago = formatAgo(message.receivedAt)
  return (
    <li className="relative rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5 focus-within:ring-3 focus-within:ring-clay hover:ring-clay sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 font-sans text-base">
          {/* The whole card is the link's target area; its name is the sender's. */}
          <Link
            to={`/messages/${message.id}`}
            aria-label={`${message.name}, ${ago}`}
            className="font-semibold break-words after:absolute after:inset-0 after:rounded-card focus:outline-none"
          >
            {message.name}
          </Link>{' '}
          <span className="block font-normal break-all text-ink-soft sm:ml-2 sm:inline">
            {message.email}
          </span>
        </h2>
        <time
          dateTime={message.receivedAt}
          title={formatDateTime(message.receivedAt)}
          className="text-sm text-ink-soft"
          aria-hidden="true"
        >
          {ago}
        </time>
      </div>
      <p className="mt-2 line-clamp-2 text-ink-soft">
        {message.preview || <em>No message text</em>}
      </p>
      <p className="mt-3 flex flex-wrap gap-2">
        {message.spam ? (
          <Badge tone="bad">Spam</Badge>
        ) : message.handledAt ? (
          <Badge tone="good">Handled</Badge>
        ) : (
          <Badge tone="new">New</Badge>
        )}
        {message.checkReason && !message.spam && !message.handledAt && (
          <Badge tone="quiet">To check: sent very fast</Badge>
        )}
        {message.deliveryStatus === 'failed' && <Badge tone="bad">Notification failed</Badge>}
      </p>
    </li>
  )
}
