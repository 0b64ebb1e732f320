/**
 * The media library: upload a picture (its alt text first), search, see where each picture is
 * used, change its alt text and its focal point, and delete one nothing uses. The server's
 * refusals (a file that is not the picture it claims, an SVG, a file over 20 MB) are shown as it
 * words them.
 */
import { useState } from 'react'
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useFetcher,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router'
import type { MediaItemWithUses, MediaListAnswer } from '#common/content-admin.ts'
import { ALT_MAX } from '#common/media-words.ts'
import { query } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { SearchForm } from '#app/admin/components/list-controls.tsx'
import { Dialog } from '#app/admin/components/dialog.tsx'
import { useMore } from '#app/admin/components/more.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import {
  Alert,
  Badge,
  buttonClass,
  Card,
  EmptyState,
  Facts,
  Field,
  PageHeader,
} from '#app/admin/components/ui.tsx'
import { mediaList } from '#app/admin/content/content-api.ts'
import { FocalPointPicker, type FocalPoint } from '#app/admin/content/focal-point.tsx'
import { previewOfItem, thumbnailOf } from '#app/admin/content/media.ts'
import { PicturesProvider, Thumbnail, UploadForm } from '#app/admin/content/pictures.tsx'
import { formatDateTime, formatSize, plural } from '#app/admin/format.ts'
import type { MediaActionResult } from './media/action.ts'

export { mediaAction as action } from './media/action.ts'

export function loader({ request }: LoaderFunctionArgs) {
  return mediaList(new URL(request.url).searchParams.get('q') ?? '')
}

export function Component() {
  const first = useLoaderData<typeof loader>()
  return (
    <PicturesProvider initial={{}}>
      <Library key={useLocation().key} first={first} />
    </PicturesProvider>
  )
}

function Library({ first }: { first: MediaListAnswer }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const notify = useToast()
  const search = params.get('q') ?? ''
  const [open, setOpen] = useState<MediaItemWithUses>()
  const {
    items,
    setItems,
    button: more,
  } = useMore(first.items, first.next, (cursor) => mediaList(search, cursor), 'Show more pictures')

  function replace(item: MediaItemWithUses) {
    setItems((all) => all.map((one) => (one.id === item.id ? item : one)))
    setOpen(item)
  }

  return (
    <>
      <PageHeader
        title="Media library"
        lead="The pictures uploaded for articles and pages. The site makes every size it needs from each."
      />
      <Card aria-labelledby="upload-title">
        <h2 id="upload-title" className="mb-4 font-display text-2xl font-semibold">
          Upload a picture
        </h2>
        <UploadForm
          onUploaded={(_, __, existing) => {
            notify(
              existing ? 'This picture was in the library already.' : 'The picture is uploaded.',
            )
            navigate('/media')
          }}
        />
      </Card>

      <h2 className="mt-10 mb-4 font-display text-2xl font-semibold">Pictures</h2>
      <SearchForm
        label="Search pictures"
        placeholder="Search file names and alt text"
        search={search}
        onSearch={(words) => navigate(`/media${query({ q: words })}`)}
      />
      {items.length === 0 ? (
        <EmptyState title={search ? `No pictures match “${search}”` : 'No pictures uploaded yet'}>
          {search ? 'Try fewer or other words.' : 'Upload one above, or from an article.'}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Pictures"
            className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4"
          >
            {items.map((item) => (
              <li key={item.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => setOpen(item)}
                  className="flex w-full flex-col gap-2 rounded-card bg-white/70 p-2 text-left shadow-card ring-1 ring-ink/5 hover:ring-clay"
                >
                  <img
                    src={thumbnailOf(item) ?? ''}
                    alt=""
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    loading="lazy"
                    className="aspect-4/3 w-full rounded-xl bg-paper-deep object-cover"
                  />
                  <span className="line-clamp-2 text-sm font-semibold">
                    {item.alt || item.originalName}
                  </span>
                  <span className="flex flex-wrap gap-1.5 text-xs text-ink-soft">
                    {item.usedBy.length > 0 ? (
                      <Badge tone="good">Used {item.usedBy.length}×</Badge>
                    ) : (
                      <Badge tone="quiet">Not used</Badge>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {more}
        </>
      )}
      {open && (
        <MediaDialog
          key={open.id}
          item={open}
          onClose={() => setOpen(undefined)}
          onChanged={replace}
          onDeleted={() => {
            setItems((all) => all.filter((one) => one.id !== open.id))
            setOpen(undefined)
          }}
        />
      )}
    </>
  )
}

/** The picture, its facts and what uses it: the left half of the dialog. */
function MediaAbout({
  item,
  preview,
}: {
  item: MediaItemWithUses
  preview: ReturnType<typeof previewOfItem>
}) {
  const master = item.files.find((file) => file.role === 'master')
  return (
    <div className="flex flex-col gap-4">
      <Thumbnail picture={preview} alt={item.alt ?? ''} className="w-full" />
      <Facts
        items={[
          ['File', item.originalName],
          ['Size', `${item.width} × ${item.height} px, ${formatSize(master?.size ?? item.size)}`],
          ['Uploaded', formatDateTime(item.createdAt)],
          ['Sizes made', plural(item.files.filter((f) => f.role === 'variant').length, 'file')],
        ]}
      />
      <section aria-labelledby="used-by">
        <h3 id="used-by" className="font-semibold">
          Used by
        </h3>
        {item.usedBy.length === 0 ? (
          <p className="text-ink-soft">Nothing uses this picture.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {item.usedBy.map((use) => (
              <li key={`${use.kind}:${use.id}`}>
                {use.href ? (
                  <Link
                    to={use.href.replace(/^\/admin/, '')}
                    className="font-medium text-teal underline underline-offset-4"
                  >
                    {use.title}
                  </Link>
                ) : (
                  use.title
                )}{' '}
                <span className="text-sm text-ink-soft">({use.kind})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** Delete, offered only for a picture nothing uses. */
function DeleteSection({ inUse, onDelete }: { inUse: boolean; onDelete: () => void }) {
  return (
    <section aria-labelledby="delete-title" className="border-t border-ink/10 pt-4">
      <h3 id="delete-title" className="font-semibold">
        Delete
      </h3>
      {inUse ? (
        <p className="text-sm text-ink-soft">
          In use: replace it where it is used before it can be deleted.
        </p>
      ) : (
        <button type="button" className={buttonClass('danger', 'mt-2')} onClick={onDelete}>
          Delete this picture
        </button>
      )}
    </section>
  )
}

/** Where a refusal is shown: by its field, in the question it answers, or as a toast. */
function refusalPlace(result: Extract<MediaActionResult, { ok: false }>) {
  if (result.fields['alt']) return 'alt'
  return result.intent === 'delete' ? 'delete' : 'toast'
}

function MediaDialog({
  item,
  onClose,
  onChanged,
  onDeleted,
}: {
  item: MediaItemWithUses
  onClose: () => void
  onChanged: (item: MediaItemWithUses) => void
  onDeleted: () => void
}) {
  const fetcher = useFetcher<MediaActionResult>()
  const [alt, setAlt] = useState(item.alt ?? '')
  const [altError, setAltError] = useState<string>()
  const [focus, setFocus] = useState<FocalPoint>(item.focalPoint ?? { x: 0.5, y: 0.5 })
  const [deleting, setDeleting] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const busy = fetcher.state === 'idle' ? undefined : fetcher.formData?.get('intent')
  const preview = previewOfItem(item)
  const focusChanged =
    focus.x !== (item.focalPoint?.x ?? 0.5) || focus.y !== (item.focalPoint?.y ?? 0.5)

  useActionAnswer(fetcher.data, {
    follow(result) {
      if (result.ok && result.intent === 'alt') setAltError(undefined)
      if (result.ok) return
      const place = refusalPlace(result)
      if (place === 'alt') setAltError(result.fields['alt'])
      if (place === 'delete') setRefusal(result.message)
    },
    say: (result) =>
      result.ok
        ? [result.notice]
        : refusalPlace(result) === 'toast'
          ? [result.message, 'error']
          : undefined,
    then(result) {
      if (result.ok && result.intent === 'delete') onDeleted()
      else if (result.ok) onChanged(result.item)
    },
  })

  return (
    <>
      <Dialog open={!deleting} title={item.alt || item.originalName} onClose={onClose} wide>
        <div className="grid gap-6 md:grid-cols-2">
          <MediaAbout item={item} preview={preview} />
          <div className="flex flex-col gap-6">
            <fetcher.Form method="post" noValidate className="flex flex-col gap-3">
              <input type="hidden" name="id" value={item.id} />
              <Field
                label="Alt text"
                name="alt"
                hint="The library’s description; articles and pages carry their own, suggested from this one."
                value={alt}
                onChange={(event) => setAlt(event.target.value)}
                error={altError}
                maxLength={ALT_MAX}
              />
              <div>
                <button
                  type="submit"
                  name="intent"
                  value="alt"
                  className={buttonClass('dark')}
                  disabled={busy !== undefined}
                >
                  {busy === 'alt' ? 'Saving…' : 'Save alt text'}
                </button>
              </div>
            </fetcher.Form>
            <fetcher.Form
              method="post"
              aria-labelledby="focal-title"
              className="flex flex-col gap-3"
            >
              <h3 id="focal-title" className="font-semibold">
                Focal point (covers)
              </h3>
              <FocalPointPicker picture={preview} value={focus} onChange={setFocus} />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="focalX" value={focus.x} />
              <input type="hidden" name="focalY" value={focus.y} />
              <div>
                <button
                  type="submit"
                  name="intent"
                  value="focus"
                  className={buttonClass('dark')}
                  disabled={busy !== undefined || !focusChanged}
                >
                  {busy === 'focus' ? 'Saving…' : 'Save focal point'}
                </button>
              </div>
            </fetcher.Form>
            <DeleteSection inUse={item.usedBy.length > 0} onDelete={() => setDeleting(true)} />
          </div>
        </div>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title="Delete this picture?"
        confirmLabel="Delete"
        onClose={() => {
          setDeleting(false)
          setRefusal(undefined)
        }}
        onConfirm={() => fetcher.submit({ intent: 'delete', id: item.id }, { method: 'post' })}
      >
        <p>Its files stop being served within a minute. This cannot be undone.</p>
        {refusal && <Alert>{refusal}</Alert>}
      </ConfirmDialog>
    </>
  )
}
