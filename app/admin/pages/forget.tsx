/**
 * "Forget a person": find what is stored for an address, then erase all of it in one step,
 * confirmed by typing the address again. The audit log records the erasure with a hash of the
 * address, never the address. Both are posts to the route's action (forget/action.ts, ADR 026).
 */
import { useState } from 'react'
import type { ErasureAnswer, ErasurePreviewAnswer } from '#common/back-office.ts'
import { useFetcher, useLoaderData } from 'react-router'
import * as privacyApi from '#common/privacy-contracts.ts'
import { call } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { Alert, buttonClass, Card, Field, PageHeader } from '#app/admin/components/ui.tsx'
import { formatDateTime, plural } from '#app/admin/format.ts'
import type { ForgetActionResult } from './forget/action.ts'

export { forgetAction } from './forget/action.ts'

/** A record's line with its times (ISO, as the server and the command write them) for people. */
const readable = (record: string) =>
  record.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, (iso) => formatDateTime(iso))

export const forgetLoader = () => call(privacyApi.erasureKinds)

/** What the last erasure removed, and what the audit log keeps of it. */
function ErasedNotice({ done }: { done: ErasureAnswer }) {
  return (
    <div className="mb-6">
      <Alert tone="info">
        <p className="font-semibold">
          {done.email}: {plural(done.total, 'record')} erased.
        </p>
        <p className="mt-1 text-sm">
          The audit log records the erasure and how many records went, with a hash of the address
          instead of the address.
        </p>
      </Alert>
    </div>
  )
}

/** What is stored for the address, group by group, with the button that asks to erase it. */
function PreviewSection({
  preview,
  onErase,
}: {
  preview: ErasurePreviewAnswer
  onErase: () => void
}) {
  return (
    <section aria-labelledby="preview-title" aria-live="polite">
      <h2 id="preview-title" className="mb-3 font-display text-2xl font-semibold">
        {preview.total === 0
          ? `Nothing is stored for ${preview.email}`
          : `Stored for ${preview.email}: ${plural(preview.total, 'record')}`}
      </h2>
      {preview.total > 0 && (
        <>
          <div className="flex flex-col gap-4">
            {preview.groups
              .filter((group) => group.records.length > 0)
              .map((group) => (
                <Card key={group.label}>
                  <h3 className="mb-2 font-semibold">{group.label}</h3>
                  <ul className="list-disc pl-5 text-ink-soft">
                    {group.records.map((record) => (
                      <li key={record} className="break-words">
                        {readable(record)}
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
          </div>
          <button type="button" className={buttonClass('primary', 'mt-6')} onClick={onErase}>
            Erase {plural(preview.total, 'record')}
          </button>
        </>
      )}
    </section>
  )
}

export function ForgetPage() {
  const { kinds } = useLoaderData<typeof forgetLoader>()
  const fetcher = useFetcher<ForgetActionResult>()
  const [email, setEmail] = useState('')
  const [shown, setShown] = useState<{ preview?: ErasurePreviewAnswer; done?: ErasureAnswer }>({})
  const [error, setError] = useState<string>()
  const [confirming, setConfirming] = useState(false)
  const [confirm, setConfirm] = useState('')
  const [confirmError, setConfirmError] = useState<string>()
  const finding = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === 'find'
  const { preview, done } = shown

  // Each answer decides what the page shows: what was found, what was erased, or why not.
  useActionAnswer(fetcher.data, {
    follow(result) {
      if (result.ok && result.intent === 'find') {
        setShown({ preview: result.preview })
        setError(undefined)
      } else if (result.ok) {
        setShown({ done: result.erased })
        setConfirming(false)
        setConfirm('')
        setEmail('')
      } else if (result.intent === 'erase') setConfirmError(result.message)
      else {
        setShown({})
        setError(result.message)
      }
    },
    say: (result) =>
      result.ok && result.intent === 'erase'
        ? [`Erased ${plural(result.erased.total, 'record')}.`]
        : undefined,
  })

  const erase = () =>
    fetcher.submit({ intent: 'erase', email: preview?.email ?? '', confirm }, { method: 'post' })

  return (
    <>
      <PageHeader
        title="Forget a person"
        lead={`When someone asks for their data to be erased: everything stored under their e-mail address is deleted at once (${kinds.join(', ').toLowerCase()}, and mail still queued for them).`}
      />
      <Card className="mb-6">
        <fetcher.Form
          method="post"
          noValidate
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="find" />
          <Field
            label="E-mail address"
            type="email"
            name="email"
            className="grow"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
            autoComplete="off"
            required
          />
          <button
            type="submit"
            className={buttonClass('dark')}
            disabled={finding || !email.trim()}
            aria-busy={finding || undefined}
          >
            {finding ? 'Looking…' : 'Find their data'}
          </button>
        </fetcher.Form>
      </Card>
      {done && <ErasedNotice done={done} />}
      {preview && <PreviewSection preview={preview} onErase={() => setConfirming(true)} />}
      <ConfirmDialog
        open={confirming}
        title="Erase this person's data?"
        confirmLabel="Erase for good"
        confirmDisabled={!confirm.trim()}
        onConfirm={erase}
        onClose={() => {
          setConfirming(false)
          setConfirmError(undefined)
        }}
      >
        <p>
          {plural(preview?.total ?? 0, 'record')} of{' '}
          <strong className="break-all">{preview?.email}</strong> will be deleted. This cannot be
          undone.
        </p>
        <Field
          label="Type the address again to confirm"
          type="email"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={confirmError}
          autoComplete="off"
        />
      </ConfirmDialog>
    </>
  )
}
