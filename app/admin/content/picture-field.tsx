/**
 * A picture in a form: its thumbnail, "Choose…" (the library, or a new upload), its alt text when
 * the content carries one, and for an uploaded cover the focal point, which is the library's (it
 * applies wherever the picture is a cover).
 */
import { useId, useState } from 'react'
import { Dialog } from '#app/admin/components/dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import { buttonClass, TextAreaField } from '#app/admin/components/ui.tsx'
import { updateMedia } from './content-api.ts'
import { FocalPointPicker, type FocalPoint } from './focal-point.tsx'
import type { PicturePreview } from '#common/content-admin.ts'
import { PicturePicker, Thumbnail, usePictures } from './pictures.tsx'

/**
 * The chosen picture said by what it shows (the content's alt text, else the library's or the
 * one the content gives it elsewhere), for the eye and as the button's description; its media id
 * only when nothing describes it yet.
 */
export function currentPicture(
  image: string,
  picture: PicturePreview | undefined,
  alt: string | undefined,
): string {
  if (!image) return 'No picture chosen'
  if (!picture) return `Picture ${image} (not found)`
  const shows = alt?.trim() || picture.alt
  if (picture.uploaded)
    return shows ? `Uploaded picture: ${shows}` : 'Uploaded picture, not described yet'
  return shows ? `Picture: ${shows}` : `Picture ${image}, not described yet`
}

export function PictureField({
  label,
  hint,
  image,
  alt,
  onChange,
  errors = {},
  focalPoint,
}: {
  label: string
  hint?: string
  image: string
  /** The content's alt text for this picture; undefined for a field without one. */
  alt?: string | undefined
  onChange: (value: { image: string; alt?: string }) => void
  errors?: { image?: string | undefined; alt?: string | undefined }
  /** Offer the focal point (covers). */
  focalPoint?: boolean
}) {
  const id = useId()
  const pictures = usePictures()
  const notify = useToast()
  const [picking, setPicking] = useState(false)
  const [focusing, setFocusing] = useState<FocalPoint>()
  const picture = image ? pictures.get(image) : undefined
  const mediaId = picture?.mediaId ?? undefined

  async function saveFocalPoint() {
    if (!focusing || !picture || !mediaId) return
    try {
      await updateMedia(mediaId, { focalX: focusing.x, focalY: focusing.y })
      pictures.add({ ...picture, focalPoint: focusing })
      notify('The focal point is saved.')
      setFocusing(undefined)
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-card border border-ink/15 p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      {hint && <p className="-mt-1 text-sm text-ink-soft">{hint}</p>}
      <div className="flex flex-wrap items-start gap-4">
        <Thumbnail
          picture={picture}
          alt={alt ?? picture?.alt ?? ''}
          className="aspect-4/3 w-40 shrink-0"
        />
        <div className="flex min-w-0 grow flex-col gap-2">
          <p className="text-sm break-words text-ink-soft" id={`${id}-current`}>
            {currentPicture(image, picture, alt)}
          </p>
          {errors.image && (
            <p className="text-sm font-medium text-danger" id={`${id}-error`}>
              {errors.image}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('outline')}
              aria-describedby={`${id}-current${errors.image ? ` ${id}-error` : ''}`}
              onClick={() => setPicking(true)}
            >
              {image ? 'Change picture' : 'Choose picture'}
              <span className="sr-only"> for {label}</span>
            </button>
            {focalPoint && picture?.uploaded && (
              <button
                type="button"
                className={buttonClass('outline')}
                onClick={() => setFocusing(picture.focalPoint ?? { x: 0.5, y: 0.5 })}
              >
                Focal point<span className="sr-only"> of {label}</span>
              </button>
            )}
          </div>
        </div>
      </div>
      {alt !== undefined && (
        <TextAreaField
          label="Alt text"
          hint="What the picture shows, for people who cannot see it."
          value={alt}
          rows={2}
          onChange={(event) =>
            onChange({ image, alt: event.target.value.replace(/\s*\n\s*/g, ' ') })
          }
          error={errors.alt}
          maxLength={1000}
        />
      )}
      <PicturePicker
        open={picking}
        title={`Choose: ${label}`}
        onClose={() => setPicking(false)}
        onChoose={(chosen, uploadedAlt) => {
          setPicking(false)
          onChange({
            image: chosen.id,
            ...(alt !== undefined
              ? { alt: alt.trim() ? alt : (uploadedAlt ?? chosen.alt ?? '') }
              : {}),
          })
        }}
      />
      <Dialog
        open={focusing !== undefined}
        title="Focal point"
        onClose={() => setFocusing(undefined)}
        wide
        actions={
          <>
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={() => setFocusing(undefined)}
            >
              Cancel
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={!mediaId}
              onClick={saveFocalPoint}
            >
              Save focal point
            </button>
          </>
        }
      >
        {picture && focusing && (
          <FocalPointPicker picture={picture} value={focusing} onChange={setFocusing} />
        )}
        {!mediaId && (
          <p className="text-sm text-ink-soft">
            Set this picture’s focal point in the media library (search for it there).
          </p>
        )}
        <p className="text-sm text-ink-soft">
          The focal point belongs to the picture: it applies wherever the picture is a cover.
        </p>
      </Dialog>
    </fieldset>
  )
}
