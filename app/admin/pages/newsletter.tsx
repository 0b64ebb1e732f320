/**
 * The Newsletter section: the letters, newest first, with their state, and three ways to start
 * one: write it, make it from a published episode or article, or assemble the weekly letter from
 * what was published in the last seven days (server/newsletter/letter-routes.ts).
 */
import { useState, type FormEvent } from 'react'
import { Link, useLoaderData, useNavigate } from 'react-router'
import type { LetterDetail, LetterListAnswer, LetterStatus } from '#common/newsletter-admin.ts'
import { get, post } from '#app/admin/api.ts'
import { useToast } from '#app/admin/components/toast.tsx'
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

export const lettersLoader = () => get<LetterListAnswer>('/letters')

export function NewsletterPage() {
  const answer = useLoaderData() as LetterListAnswer
  const navigate = useNavigate()
  const notify = useToast()
  const [source, setSource] = useState(
    answer.sources[0] ? `${answer.sources[0].kind}/${answer.sources[0].slug}` : '',
  )
  const [busy, setBusy] = useState(false)

  async function create(body: unknown) {
    setBusy(true)
    try {
      const letter = await post<LetterDetail>('/letters', body)
      navigate(`/newsletter/${letter.id}`)
    } catch (error) {
      notify((error as Error).message, 'error')
    } finally {
      setBusy(false)
    }
  }
  function fromSource(event: FormEvent) {
    event.preventDefault()
    const [kind, ...slug] = source.split('/')
    void create({ kind, slug: slug.join('/') })
  }

  return (
    <>
      <PageHeader
        title="Newsletter"
        lead={`Letters to the ${plural(answer.readers, 'reader')} who confirmed their subscription. Editors write and test; administrators send.`}
        actions={
          <>
            <button
              type="button"
              disabled={busy}
              className={buttonClass('dark')}
              onClick={() =>
                void create({ kind: 'letter', subject: 'A new letter', preheader: '', body: '' })
              }
            >
              Write a letter
            </button>
            <button
              type="button"
              disabled={busy}
              className={buttonClass('outline')}
              onClick={() => void create({ kind: 'weekly' })}
            >
              Assemble this week’s letter
            </button>
          </>
        }
      />
      {answer.sources.length > 0 && (
        <Card aria-label="Send published content" className="mb-8">
          <form onSubmit={fromSource} className="flex flex-wrap items-end gap-3">
            <SelectField
              label="Make a letter from an episode or article"
              value={source}
              onChange={(event) => setSource(event.target.value)}
              className="min-w-0 grow"
            >
              {answer.sources.map((item) => (
                <option key={`${item.kind}/${item.slug}`} value={`${item.kind}/${item.slug}`}>
                  {item.kind === 'episode' ? 'Episode' : 'Article'}: {item.title}
                </option>
              ))}
            </SelectField>
            <button type="submit" disabled={busy} className={buttonClass('outline')}>
              Make the letter
            </button>
          </form>
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
