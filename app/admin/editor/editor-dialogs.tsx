/**
 * The editor's dialogs: a link (its address checked as the site checks it, said as a writer fixes
 * it), a photo's alt text and caption (the picture from the library), and the source of a block
 * the editor keeps as Markdown.
 */
import { useState, type FormEvent } from 'react'
import type { PicturePreview } from '#common/content-admin.ts'
import { Dialog, FormButtons } from '#app/admin/components/dialog.tsx'
import { buttonClass, Field } from '#app/admin/components/ui.tsx'
import { PicturePicker, Thumbnail, usePictures } from '#app/admin/content/pictures.tsx'
import { linkProblem } from './links.ts'
import { markdownToDocument, type PhotoAttributes } from './markdown-document.ts'

export interface LinkDraft {
  href: string
  /** Shown when nothing is selected: the link's words. */
  text?: string
  /** Editing a link that is there already (so it can be removed). */
  existing: boolean
}

export function LinkDialog({
  link,
  onClose,
  onApply,
  onRemove,
}: {
  link: LinkDraft | undefined
  onClose: () => void
  onApply: (href: string, text?: string) => void
  onRemove: () => void
}) {
  return (
    <Dialog
      open={link !== undefined}
      title={link?.existing ? 'Edit the link' : 'Add a link'}
      onClose={onClose}
    >
      {link && <LinkForm link={link} onClose={onClose} onApply={onApply} onRemove={onRemove} />}
    </Dialog>
  )
}

function LinkForm({
  link,
  onClose,
  onApply,
  onRemove,
}: {
  link: LinkDraft
  onClose: () => void
  onApply: (href: string, text?: string) => void
  onRemove: () => void
}) {
  const [href, setHref] = useState(link.href)
  const [text, setText] = useState(link.text ?? '')
  const [errors, setErrors] = useState<{ href?: string | undefined; text?: string | undefined }>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const problems = {
      href: linkProblem(href),
      text:
        link.text !== undefined && !text.trim() ? 'Enter the words that are the link.' : undefined,
    }
    setErrors(problems)
    if (problems.href || problems.text) return
    onApply(href.trim(), link.text !== undefined ? text : undefined)
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {link.text !== undefined && (
        <Field
          label="Link text"
          data-autofocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={errors.text}
        />
      )}
      <Field
        label="Address"
        hint="A web address (https://…), an e-mail (mailto:…), a phone number (tel:…) or a page of this site (/about)."
        data-autofocus={link.text === undefined ? true : undefined}
        value={href}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setHref(event.target.value)}
        error={errors.href}
      />
      <FormButtons onCancel={onClose} label={link.existing ? 'Update link' : 'Add link'}>
        {link.existing && (
          <button type="button" className={buttonClass('danger')} onClick={onRemove}>
            Remove link
          </button>
        )}
      </FormButtons>
    </form>
  )
}

/**
 * The caption as it will be written between the photo's brackets: as typed when it reads back
 * the same, else with its brackets escaped; undefined when even that cannot be read.
 */
export function captionMarkdown(caption: string): string | undefined {
  const typed = caption.replace(/\s*[\r\n]+\s*/g, ' ').trim()
  for (const candidate of [typed, typed.replace(/([[\]])/g, '\\$1')]) {
    const read = markdownToDocument(`::photo[${candidate}]{image=x alt="x"}`).content?.[0]
    if (read?.type === 'photo' && read.attrs?.['caption'] === candidate) return candidate
  }
  return undefined
}

/** A photo being placed or changed: the picture, its alt text and its caption. */
export interface PhotoDraft extends PhotoAttributes {
  /** Where the photo is in the document (editing), or undefined (placing a new one). */
  position?: number
}

export function PhotoDialog({
  photo,
  onClose,
  onApply,
}: {
  photo: PhotoDraft | undefined
  onClose: () => void
  onApply: (attrs: PhotoAttributes) => void
}) {
  // A new form for each photo opened (its fields start from that photo).
  return photo ? (
    <PhotoForm
      key={`${photo.position ?? 'new'}:${photo.source ?? photo.image}`}
      photo={photo}
      onClose={onClose}
      onApply={onApply}
    />
  ) : null
}

function PhotoForm({
  photo,
  onClose,
  onApply,
}: {
  photo: PhotoDraft
  onClose: () => void
  onApply: (attrs: PhotoAttributes) => void
}) {
  const pictures = usePictures()
  const [image, setImage] = useState(photo.image)
  const [alt, setAlt] = useState(photo.alt)
  const [caption, setCaption] = useState(photo.caption)
  // A new photo starts with the picture.
  const [picking, setPicking] = useState(!photo.image)
  const [errors, setErrors] = useState<{
    image?: string | undefined
    alt?: string | undefined
    caption?: string | undefined
  }>({})

  const picture = image ? pictures.get(image) : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    const written = captionMarkdown(caption)
    const problems = {
      image: image ? undefined : 'Choose the picture.',
      alt: alt.trim()
        ? undefined
        : 'Describe what the picture shows, for people who cannot see it.',
      caption: !caption.trim()
        ? 'Write a caption: the site shows one under every photo.'
        : written === undefined
          ? 'The caption cannot be read: check its brackets [ ].'
          : undefined,
    }
    setErrors(problems)
    if (problems.image || problems.alt || problems.caption) return
    onApply({ image, alt: alt.trim(), caption: written!, source: photo.source ?? null })
  }

  function choose(chosen: PicturePreview, uploadedAlt?: string) {
    setImage(chosen.id)
    if (!alt.trim()) setAlt(uploadedAlt ?? chosen.alt ?? '')
    setPicking(false)
    setErrors((now) => ({ ...now, image: undefined }))
  }

  return (
    <>
      <Dialog
        open={!picking}
        title={photo.position === undefined ? 'Place a photo' : 'Edit the photo'}
        onClose={onClose}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <p className="font-semibold">Picture</p>
            <Thumbnail picture={picture} alt={alt} className="aspect-video w-full" />
            {errors.image && <p className="text-sm font-medium text-danger">{errors.image}</p>}
            <div>
              <button
                type="button"
                className={buttonClass('outline')}
                onClick={() => setPicking(true)}
              >
                {image ? 'Choose another picture' : 'Choose a picture'}
              </button>
            </div>
          </div>
          <Field
            label="Alt text"
            hint="What the picture shows, for people who cannot see it."
            data-autofocus
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            error={errors.alt}
            maxLength={1000}
          />
          <Field
            label="Caption"
            hint="Shown under the photo. *Asterisks* make words italic."
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            error={errors.caption}
          />
          <FormButtons
            onCancel={onClose}
            label={photo.position === undefined ? 'Place photo' : 'Update photo'}
          />
        </form>
      </Dialog>
      <PicturePicker
        open={picking}
        onClose={() => (image ? setPicking(false) : onClose())}
        onChoose={choose}
      />
    </>
  )
}

export function MarkdownDialog({
  source,
  onClose,
  onApply,
}: {
  source: string | undefined
  onClose: () => void
  onApply: (source: string) => void
}) {
  return (
    <Dialog
      open={source !== undefined}
      title="Edit the Markdown"
      onClose={onClose}
      wide
      description={
        <p>
          This part of the article is written in Markdown the editor cannot show as formatted text.
          Change it here; the site’s checks say what it does not accept when you save.
        </p>
      }
    >
      {source !== undefined && <MarkdownForm source={source} onClose={onClose} onApply={onApply} />}
    </Dialog>
  )
}

function MarkdownForm({
  source,
  onClose,
  onApply,
}: {
  source: string
  onClose: () => void
  onApply: (source: string) => void
}) {
  const [text, setText] = useState(source)
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(text)
      }}
    >
      <label htmlFor="markdown-source" className="font-semibold">
        Markdown
      </label>
      <textarea
        id="markdown-source"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={10}
        spellCheck={false}
        className="rounded-xl border border-ink/25 bg-white p-3 font-mono text-sm"
      />
      <FormButtons onCancel={onClose} label="Apply" />
    </form>
  )
}
