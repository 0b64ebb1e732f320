/**
 * Pictures in content: the previews a document's answer brought (by media id), the dialog that
 * chooses one (search the build's pictures and the library, or upload a new one with its alt
 * text), and a thumbnail as the site would crop it (a cover's focal point included).
 */
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import type { PicturePreview } from '#common/content-admin.ts'
import { ALT_MAX, DESCRIBE_THE_PICTURE } from '#common/media-words.ts'
import { cn } from '#app/lib/cn.ts'
import { Dialog } from '#app/admin/components/dialog.tsx'
import { SearchForm } from '#app/admin/components/list-controls.tsx'
import { Alert, buttonClass, Field } from '#app/admin/components/ui.tsx'
import { findPictures } from './content-api.ts'
import { ACCEPT, fileProblem, previewOfItem, uploadPicture } from './media.ts'

interface PictureStore {
  get: (id: string) => PicturePreview | undefined
  add: (preview: PicturePreview) => void
}

const PicturesContext = createContext<PictureStore>({ get: () => undefined, add: () => {} })

export const usePictures = () => use(PicturesContext)

/** Holds the previews of the pictures a document names, and those chosen since. */
export function PicturesProvider({
  initial,
  children,
}: {
  initial: Record<string, PicturePreview>
  children: ReactNode
}) {
  const [added, setAdded] = useState<Record<string, PicturePreview>>({})
  const add = useCallback(
    (preview: PicturePreview) => setAdded((known) => ({ ...known, [preview.id]: preview })),
    [],
  )
  const store = useMemo(
    () => ({ get: (id: string) => added[id] ?? initial[id], add }),
    [initial, added, add],
  )
  return <PicturesContext value={store}>{children}</PicturesContext>
}

/** A picture at a fixed ratio, cropped around its focal point as the site's covers are. */
export function Thumbnail({
  picture,
  alt = '',
  className,
}: {
  picture: PicturePreview | undefined
  alt?: string
  className?: string
}) {
  if (!picture)
    return (
      <div
        className={cn(
          'flex items-center justify-center rounded-xl bg-paper-deep p-2 text-center text-xs text-ink-soft',
          className,
        )}
      >
        No picture
      </div>
    )
  const focus = picture.focalPoint ?? { x: 0.5, y: 0.5 }
  return (
    <img
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
      // Set as CSSOM properties, which the strict style-src allows (attributes it would not).
      ref={(element) => {
        if (!element) return
        element.style.backgroundColor = picture.color
        element.style.objectPosition = `${focus.x * 100}% ${focus.y * 100}%`
      }}
      className={cn('rounded-xl object-cover', className)}
    />
  )
}

/**
 * Choose a picture: search the pictures content may name (the build's and the library's), or
 * upload one (alt text first). `onChoose` gets the preview and, for an upload, the alt text just
 * written.
 */
export function PicturePicker({
  open,
  title = 'Choose a picture',
  onClose,
  onChoose,
}: {
  open: boolean
  title?: string
  onClose: () => void
  onChoose: (picture: PicturePreview, alt?: string) => void
}) {
  const [tab, setTab] = useState<'library' | 'upload'>('library')
  const add = usePictures().add
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <div role="group" aria-label="Where the picture comes from" className="flex flex-wrap gap-2">
        {(
          [
            ['library', 'From the library'],
            ['upload', 'Upload a new picture'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={tab === value}
            onClick={() => setTab(value)}
            className={cn(
              'min-h-11 rounded-full border px-4 font-semibold',
              tab === value ? 'border-ink bg-ink text-paper' : 'border-ink/25 hover:bg-paper-deep',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {open && tab === 'library' && (
        <PictureSearch
          onChoose={(picture) => {
            add(picture)
            onChoose(picture)
          }}
        />
      )}
      {open && tab === 'upload' && (
        <UploadForm
          onUploaded={(picture, alt) => {
            add(picture)
            onChoose(picture, alt)
          }}
        />
      )}
    </Dialog>
  )
}

function PictureSearch({ onChoose }: { onChoose: (picture: PicturePreview) => void }) {
  const [asked, setAsked] = useState('')
  const [found, setFound] = useState<{ q: string; pictures?: PicturePreview[]; error?: string }>()

  useEffect(() => {
    let current = true
    findPictures(asked).then(
      (answer) => current && setFound({ q: asked, pictures: answer.pictures }),
      (caught: Error) => current && setFound({ q: asked, error: caught.message }),
    )
    return () => {
      current = false
    }
  }, [asked])

  const pictures = found?.q === asked ? found.pictures : undefined
  const error = found?.q === asked ? found.error : undefined

  return (
    <>
      <SearchForm
        label="Search pictures"
        placeholder="Search by name or alt text"
        search={asked}
        onSearch={setAsked}
      />
      {error && <Alert>{error}</Alert>}
      {!pictures && !error && <p role="status">Loading pictures…</p>}
      {pictures?.length === 0 && <p role="status">No picture matches “{asked}”.</p>}
      {pictures && pictures.length > 0 && (
        <ul aria-label="Pictures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {pictures.map((picture) => (
            <li key={picture.id}>
              <button
                type="button"
                onClick={() => onChoose(picture)}
                className="group flex w-full flex-col gap-1.5 rounded-xl p-1 text-left hover:bg-paper-deep"
              >
                <Thumbnail picture={picture} className="aspect-4/3 w-full" />
                <span className="line-clamp-3 text-sm font-semibold break-words">
                  <span className="sr-only">Choose </span>
                  {picture.alt || picture.id}
                </span>
                {picture.uploaded && <span className="text-xs text-ink-soft">Uploaded</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** One picture with its alt text into the library; the server's refusal shown as it says it. */
export function UploadForm({
  onUploaded,
  submitLabel = 'Upload',
}: {
  onUploaded: (picture: PicturePreview, alt: string, existing: boolean) => void
  submitLabel?: string
}) {
  const [file, setFile] = useState<File>()
  const [alt, setAlt] = useState('')
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({})
  const [progress, setProgress] = useState<number>()
  const fileId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problems = {
      ...(file ? { file: fileProblem(file) } : { file: 'Choose the picture to upload.' }),
      ...(alt.trim() ? {} : { alt: DESCRIBE_THE_PICTURE }),
    }
    setErrors(problems)
    if (!file || problems.file || problems.alt) return
    setProgress(0)
    try {
      const answer = await uploadPicture({ file, alt: alt.trim() }, setProgress)
      onUploaded(previewOfItem(answer.item), alt.trim(), answer.existing ?? false)
      setFile(undefined)
      setAlt('')
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {}
      setErrors({
        file: fields['file'],
        alt: fields['alt'],
        form: fields['file'] || fields['alt'] ? undefined : (error as Error).message,
      })
    } finally {
      setProgress(undefined)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="font-semibold">
          Picture
        </label>
        <p id={`${fileId}-hint`} className="text-sm text-ink-soft">
          JPEG, PNG, WebP or AVIF, up to 20 MB. Location and camera details are removed.
        </p>
        <input
          id={fileId}
          type="file"
          accept={ACCEPT}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ''}`}
          onChange={(event) => {
            const chosen = event.target.files?.[0]
            setFile(chosen)
            setErrors((now) => ({ ...now, file: chosen ? fileProblem(chosen) : undefined }))
          }}
          className="min-h-11 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-1.5 file:font-semibold file:text-paper"
        />
        {errors.file && (
          <p id={`${fileId}-error`} className="text-sm font-medium text-danger">
            {errors.file}
          </p>
        )}
      </div>
      <Field
        label="Alt text"
        hint="What the picture shows, for people who cannot see it. Required."
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        error={errors.alt}
        maxLength={ALT_MAX}
      />
      {errors.form && <Alert>{errors.form}</Alert>}
      {progress !== undefined && (
        <div className="flex items-center gap-3">
          <progress
            value={progress}
            max={1}
            aria-label="Upload progress"
            className="h-2 grow overflow-hidden rounded-full accent-clay"
          />
          <span className="text-sm text-ink-soft" aria-hidden="true">
            {progress < 1 ? `${Math.round(progress * 100)}%` : 'Making the sizes…'}
          </span>
        </div>
      )}
      <div>
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={progress !== undefined}
          aria-busy={progress !== undefined || undefined}
        >
          {progress !== undefined ? 'Uploading…' : submitLabel}
        </button>
      </div>
    </form>
  )
}
