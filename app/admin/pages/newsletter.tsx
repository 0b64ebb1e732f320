/**
 * The Newsletter section: the letters, newest first, with their state, and three ways to start
 * one: write it, make it from a published episode or article, or assemble the weekly letter from
 * what was published in the last seven days (server/newsletter/letter-routes.ts). Each way posts
 * to the route's action (ADR 026), which opens the new letter.
 */
import { Link, redirect, useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router'
import type { LetterStatus } from '#common/newsletter-admin.ts'
import type { BodyOf } from '#common/api-contract.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { call } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import {
  Badge,
  buttonClass,
  Card,
  EmptyState,
  PageHeader,
  SelectField,
} from '#app/admin/components/ui.tsx'
import { formatDateTime, plural } from '#app/admin/format.ts'

export const STATUS_LABEL: Record<LetterStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
}
export const STATUS_TONE = {
  draft: 'quiet',
  scheduled: 'new',
  sending: 'new',
  sent: 'good',
} as const

export const lettersLoader = () => call(newsletterApi.letters)

/** The letter each way of starting one asks the server for. */
function newLetter(form: FormData): BodyOf<typeof newsletterApi.createLetter> {
  const intent = form.get('intent')
  if (intent === 'weekly') return { kind: 'weekly' }
  if (intent === 'source') {
    // "article/<slug>" or "episode/<slug>"; none chosen, the server asks for one.
    const [kind, ...slug] = String(form.get('source') ?? '').split('/')
    return { kind: kind === 'article' ? 'article' : 'episode', slug: slug.join('/') }
  }
  return { kind: 'letter', subject: 'A new letter', preheader: '', body: '' }
}

/** Makes the letter and opens it; a refusal comes back to be said. */
export async function lettersAction({ request }: ActionFunctionArgs) {
  try {
    const letter = await call(newsletterApi.createLetter, {
      body: newLetter(await request.formData()),
    })
    return redirect(`/newsletter/${letter.id}`)
  } catch (error) {
    return { message: (error as Error).message }
  }
}

export function NewsletterPage() {
  const answer = useLoaderData<typeof lettersLoader>()
  const fetcher = useFetcher<{ message: string }>()
  const busy = fetcher.state !== 'idle'
  useActionAnswer(fetcher.data, { say: (refused) => [refused.message, 'error'] })

  return (
    <>
      <PageHeader
        title="Newsletter"
        lead={`Letters to the ${plural(answer.readers, 'reader')} who confirmed their subscription. Editors write and test; administrators send.`}
        actions={
          <fetcher.Form method="post" className="contents">
            <button
              type="submit"
              name="intent"
              value="letter"
              disabled={busy}
              className={buttonClass('dark')}
            >
              Write a letter
            </button>
            <button
              type="submit"
              name="intent"
              value="weekly"
              disabled={busy}
              className={buttonClass('outline')}
            >
              Assemble this week’s letter
            </button>
          </fetcher.Form>
        }
      />
      {answer.sources.length > 0 && (
        <Card aria-label="Send published content" className="mb-8">
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Make a letter from an episode or article"
              name="source"
              defaultValue={`${answer.sources[0]!.kind}/${answer.sources[0]!.slug}`}
              className="min-w-0 grow"
            >
              {answer.sources.map((item) => (
                <option key={`${item.kind}/${item.slug}`} value={`${item.kind}/${item.slug}`}>
                  {item.kind === 'episode' ? 'Episode' : 'Article'}: {item.title}
                </option>
              ))}
            </SelectField>
            <button
              type="submit"
              name="intent"
              value="source"
              disabled={busy}
              className={buttonClass('outline')}
            >
              Make the letter
            </button>
          </fetcher.Form>
        </Card>
      )}
      {answer.letters.length === 0 ? (
        <EmptyState title="No letters yet">
          Write one, or make one from what you published: readers get it once each.
        </EmptyState>
      ) : (
        <ul aria-label="Letters" className="flex flex-col gap-3">
          {answer.letters.map((letter) => (
            <li
              key={letter.id}
              className="rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5"
            >
              <Link
                to={`/newsletter/${letter.id}`}
                className="font-semibold break-words text-ink underline-offset-4 hover:underline"
              >
                {letter.subject}
              </Link>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
                <Badge tone={STATUS_TONE[letter.status]}>{STATUS_LABEL[letter.status]}</Badge>
                {letter.status === 'scheduled' && letter.sendAt && (
                  <span>for {formatDateTime(letter.sendAt)}</span>
                )}
                {letter.startedAt && (
                  <span>
                    {formatDateTime(letter.startedAt)} · {plural(letter.recipients ?? 0, 'reader')}
                  </span>
                )}
                {letter.status === 'draft' && (
                  <span>changed {formatDateTime(letter.updatedAt)}</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
