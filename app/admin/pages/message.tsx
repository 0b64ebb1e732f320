/**
 * One message: who wrote what and when, reply (the staff member's own mail program), handled /
 * new again, spam / not spam, and the state of its notification mail with "Send again" when it
 * failed. Each button posts to the route's action (ADR 026); the page then shows the message as
 * the server has it.
 */
import {
  useFetcher,
  type FetcherWithComponents,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import type { MessageDetail } from '#common/back-office.ts'
import * as contactApi from '#common/contact-contracts.ts'
import { call } from '#app/admin/api.ts'
import { sayNotice, useActionAnswer } from '#app/admin/components/action-answer.ts'
import { BackLink } from '#app/admin/components/list-controls.tsx'
import { Alert, Badge, buttonClass, Card, Facts, PageHeader } from '#app/admin/components/ui.tsx'
import { formatDateTime } from '#app/admin/format.ts'

export function messageLoader({ params }: LoaderFunctionArgs) {
  return call(contactApi.message, { params: { id: params.id ?? '' } })
}

/** A reply in the staff member's mail program, to the visitor, with a subject line. */
function replyLink(message: MessageDetail): string {
  const subject = encodeURIComponent('Re: your message to DocuCommons')
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${subject}`
}

type Intent = 'handled' | 'new' | 'spam' | 'not-spam' | 'send'

/** What each button asks of the server, and what to say when it is done. */
const CHANGES: Record<Intent, { send(id: string): Promise<MessageDetail>; done: string }> = {
  handled: {
    send: (id) => call(contactApi.markHandled, { params: { id }, body: { handled: true } }),
    done: 'Marked as handled.',
  },
  new: {
    send: (id) => call(contactApi.markHandled, { params: { id }, body: { handled: false } }),
    done: 'Marked as new again.',
  },
  spam: {
    send: (id) => call(contactApi.markSpam, { params: { id }, body: { spam: true } }),
    done: 'Moved to spam.',
  },
  'not-spam': {
    send: (id) => call(contactApi.markSpam, { params: { id }, body: { spam: false } }),
    done: 'Moved back to the inbox.',
  },
  send: {
    send: (id) => call(contactApi.sendAgain, { params: { id } }),
    done: 'The notification is queued to be sent again.',
  },
}

export type MessageActionResult = { ok: true; notice: string } | { ok: false; message: string }

export async function messageAction({
  request,
  params,
}: ActionFunctionArgs): Promise<MessageActionResult> {
  const intent = String((await request.formData()).get('intent'))
  const change = CHANGES[intent as Intent]
  if (!change) return { ok: false, message: 'That is not something a message can do.' }
  try {
    await change.send(params.id ?? '')
    return { ok: true, notice: change.done }
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
}

export function MessagePage() {
  const message = useLoaderData<typeof messageLoader>()
  const fetcher = useFetcher<MessageActionResult>()
  const busy = fetcher.state === 'idle' ? undefined : String(fetcher.formData?.get('intent'))
  useActionAnswer(fetcher.data, { say: sayNotice })

  const handled = message.handledAt !== null
  const spam = message.spamReason !== null
  return (
    <>
      <PageHeader
        back={<BackLink to="/messages">All messages</BackLink>}
        title={message.name}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            {spam ? (
              <Badge tone="bad">Spam</Badge>
            ) : handled ? (
              <Badge tone="good">Handled</Badge>
            ) : (
              <Badge tone="new">New</Badge>
            )}
            {message.checkReason && !spam && !handled && <Badge tone="quiet">To check</Badge>}
            <span>
              Received{' '}
              <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt)}</time>
            </span>
          </span>
        }
        actions={
          <a href={replyLink(message)} className={buttonClass('primary')}>
            Reply by e-mail
          </a>
        }
      />
      <div className="flex flex-col gap-6">
        {message.checkReason && !spam && <ToCheckNote />}
        <SenderCard message={message} />
        <Card aria-labelledby="message-text">
          <h2 id="message-text" className="mb-3 font-display text-xl font-semibold">
            Message
          </h2>
          {message.message ? (
            <p className="max-w-reading text-lg break-words whitespace-pre-wrap">
              {message.message}
            </p>
          ) : (
            <p className="text-ink-soft">The visitor left the message empty.</p>
          )}
        </Card>
        <KeepTrackCard message={message} fetcher={fetcher} busy={busy} />
        <Card aria-labelledby="message-delivery">
          <h2 id="message-delivery" className="mb-3 font-display text-xl font-semibold">
            Notification e-mail
          </h2>
          <Delivery message={message} />
          {message.canSendAgain && (
            <fetcher.Form method="post">
              <button
                type="submit"
                name="intent"
                value="send"
                className={buttonClass('dark', 'mt-4')}
                disabled={busy !== undefined}
                aria-busy={busy === 'send' || undefined}
              >
                Send again
              </button>
            </fetcher.Form>
          )}
        </Card>
      </div>
    </>
  )
}

/** Who wrote: the address to reply to, and the website they gave, if any. */
function SenderCard({ message }: { message: MessageDetail }) {
  return (
    <Card aria-labelledby="message-from">
      <h2 id="message-from" className="sr-only">
        From
      </h2>
      <Facts
        items={[
          [
            'E-mail',
            <a
              key="e"
              href={replyLink(message)}
              className="break-all text-teal underline underline-offset-4"
            >
              {message.email}
            </a>,
          ],
          [
            'Website',
            message.website ? (
              <a
                key="w"
                href={message.website}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="break-all text-teal underline underline-offset-4"
              >
                {message.website}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              'None given'
            ),
          ],
        ]}
      />
    </Card>
  )
}

/** Handled / new again and spam / not spam, posted to the page's action by its fetcher. */
function KeepTrackCard({
  message,
  fetcher,
  busy,
}: {
  message: MessageDetail
  fetcher: FetcherWithComponents<MessageActionResult>
  busy: string | undefined
}) {
  const handled = message.handledAt !== null
  const spam = message.spamReason !== null
  return (
    <Card aria-labelledby="message-actions">
      <h2 id="message-actions" className="mb-1 font-display text-xl font-semibold">
        Keep track
      </h2>
      <p className="mb-4 text-ink-soft">
        {handled
          ? `Marked handled by ${message.handledBy ?? 'someone'} on ${formatDateTime(message.handledAt!)}.`
          : spam
            ? `Taken for spam (${message.spamReason}). Spam is deleted after a while.`
            : 'Mark it handled once someone has replied or acted on it.'}
      </p>
      <fetcher.Form method="post" className="flex flex-wrap gap-3">
        {!spam && (
          <button
            type="submit"
            name="intent"
            value={handled ? 'new' : 'handled'}
            className={buttonClass(handled ? 'outline' : 'dark')}
            disabled={busy !== undefined}
            aria-busy={busy === 'handled' || busy === 'new' || undefined}
          >
            {handled ? 'Mark as new' : 'Mark as handled'}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value={spam ? 'not-spam' : 'spam'}
          className={buttonClass(spam ? 'outline' : 'danger')}
          disabled={busy !== undefined}
          aria-busy={busy === 'spam' || busy === 'not-spam' || undefined}
        >
          {spam ? 'Not spam' : 'Spam'}
        </button>
      </fetcher.Form>
    </Card>
  )
}

function Delivery({ message }: { message: MessageDetail }) {
  const { status, attempts, nextAttemptAt, lastError, deliveredAt } = message.delivery
  if (status === 'sent')
    return (
      <p>
        <Badge tone="good">Sent</Badge> to the team on {formatDateTime(deliveredAt!)}
        {attempts > 1 ? ` after ${attempts} attempts` : ''}.
      </p>
    )
  if (status === 'pending')
    return (
      <p>
        <Badge tone="quiet">Pending</Badge>{' '}
        {nextAttemptAt ? `Next attempt ${formatDateTime(nextAttemptAt)}` : 'Waiting to be sent'}
        {attempts > 0 ? ` (${attempts} attempt${attempts === 1 ? '' : 's'} so far)` : ''}.
        {lastError && (
          <span className="mt-2 block text-sm text-ink-soft">Last error: {lastError}</span>
        )}
      </p>
    )
  if (status === 'failed')
    return (
      <div className="flex flex-col gap-2">
        <p>
          <Badge tone="bad">Failed</Badge> after {attempts} attempt{attempts === 1 ? '' : 's'}: the
          team was not told about this message by e-mail.
        </p>
        {lastError && (
          <p className="rounded-xl bg-danger-soft px-3 py-2 text-sm break-words text-danger">
            Last error: {lastError}
          </p>
        )}
      </div>
    )
  return (
    <p className="text-ink-soft">
      No notification was due: e-mail is not set up on the server, or the message was taken for
      spam.
    </p>
  )
}

/**
 * Why a message is "to check": it came within seconds of the form opening. A password manager or
 * the browser's autofill does that for a person, and a script does it too (docs/forms-and-mail.md).
 */
function ToCheckNote() {
  return (
    <Alert tone="info">
      <strong>To check:</strong> this was sent within seconds of the contact form opening. Autofill
      and password managers let people do that, and so do scripts: read it before you reply, and
      move it to spam if no person wrote it.
    </Alert>
  )
}
