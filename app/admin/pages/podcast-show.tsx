/**
 * The show's settings (editors and administrators): its title and description, its owner and
 * category for the directories, its artwork, and where else to follow it (Apple Podcasts,
 * Spotify, YouTube: each shown on /listen only when set) and a donation page (the feed's
 * podcast:funding). Saving publishes them: /listen, every episode page and the feed follow.
 * Saving is the route's action (ADR 026): the form posts the settings as typed with the version
 * it was read at; the page then shows them as the server answered.
 */
import { useId, useState, type ChangeEvent } from 'react'
import { Link, useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router'
import {
  ARTWORK_UPLOAD_MAX_BYTES,
  type ShowAnswer,
  type ShowFields,
} from '#common/podcast-admin.ts'
import * as podcastApi from '#common/podcast-contracts.ts'
import { ApiError, call, chosenFile, fieldError, upload } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import { useToast } from '#app/admin/components/toast.tsx'
import {
  Alert,
  buttonClass,
  Card,
  Field,
  PageHeader,
  SelectField,
  TextAreaField,
} from '#app/admin/components/ui.tsx'

export const showLoader = () => call(podcastApi.show)

export type ShowActionResult =
  { ok: true; show: ShowAnswer } | { ok: false; message: string; fields: Record<string, string> }

/** Saves (and so publishes) the settings the form posts, over the version it was read at. */
export async function showAction({ request }: ActionFunctionArgs): Promise<ShowActionResult> {
  const form = await request.formData()
  const fields = JSON.parse(String(form.get('fields'))) as ShowFields
  try {
    const show = await call(podcastApi.saveShow, {
      body: {
        baseVersion: Number(form.get('baseVersion')),
        fields: { ...fields, artwork: { sha256: fields.artwork.sha256 } },
      },
    })
    return { ok: true, show }
  } catch (caught) {
    const fields = caught instanceof ApiError ? caught.fields : {}
    return { ok: false, message: (caught as Error).message, fields }
  }
}

export function PodcastShowPage() {
  const show = useLoaderData<typeof showLoader>()
  const notify = useToast()
  const fetcher = useFetcher<ShowActionResult>()
  const [fields, setFields] = useState<ShowFields>(show.fields)
  const [artworkError, setArtworkError] = useState<string>()
  const [uploading, setUploading] = useState(false)
  const busy = fetcher.state !== 'idle' || uploading
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined
  const errors: Record<string, string | undefined> = {
    ...refused?.fields,
    ...(artworkError && { artwork: artworkError }),
  }
  const id = useId()

  // After a save, the form shows the settings as the server has them now.
  useActionAnswer(fetcher.data, {
    follow(result) {
      if (result.ok) setFields(result.show.fields)
    },
    say: (result) =>
      result.ok
        ? ['The show’s settings are published: /listen and the feed follow within seconds.']
        : undefined,
  })

  const set = (patch: Partial<ShowFields>) => setFields((current) => ({ ...current, ...patch }))

  async function chooseArtwork(event: ChangeEvent<HTMLInputElement>) {
    const chosen = chosenFile(event.target, ARTWORK_UPLOAD_MAX_BYTES, 'The picture')
    if (!chosen) return
    if ('refused' in chosen) return setArtworkError(chosen.refused)
    setUploading(true)
    try {
      const answer = await upload(podcastApi.uploadArtwork, chosen.file)
      set({ artwork: answer.artwork })
      setArtworkError(undefined)
      notify('The artwork is uploaded: save the settings to use it.')
    } catch (caught) {
      setArtworkError(fieldError(caught, 'artwork'))
    }
    setUploading(false)
  }

  return (
    <>
      <PageHeader
        title="Show settings"
        back={
          <Link
            to="/podcast"
            className="mb-2 inline-block text-sm font-semibold text-teal underline"
          >
            ← All episodes
          </Link>
        }
        lead="What podcast directories and /listen say about the show. Saving publishes at once."
      />
      {refused && (
        <div className="mb-6">
          <Alert>{refused.message}</Alert>
        </div>
      )}
      <fetcher.Form method="post" noValidate className="grid gap-6 lg:grid-cols-3">
        <input type="hidden" name="baseVersion" value={show.version} />
        <input type="hidden" name="fields" value={JSON.stringify(fields)} />
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <AboutCard
            id={id}
            fields={fields}
            set={set}
            errors={errors}
            categories={show.categories}
          />

          <FollowCard id={id} fields={fields} set={set} errors={errors} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <ArtworkCard
            id={id}
            fields={fields}
            errors={errors}
            busy={busy}
            onChoose={chooseArtwork}
          />
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save and publish'}
          </button>
        </div>
      </fetcher.Form>
    </>
  )
}

type Errors = Record<string, string | undefined>

function FollowCard({
  id,
  fields,
  set,
  errors,
}: {
  id: string
  fields: ShowFields
  set: (patch: Partial<ShowFields>) => void
  errors: Errors
}) {
  const follow = (name: keyof ShowFields['follow'], value: string) =>
    set({ follow: { ...fields.follow, [name]: value } })
  return (
    <Card aria-labelledby={`${id}-follow`}>
      <h2 id={`${id}-follow`} className="font-display text-2xl font-semibold">
        Follow and support
      </h2>
      <p className="mt-1 text-ink-soft">
        /listen always links the RSS feed; each directory below appears once its address is set. A
        donation page adds podcast:funding to the feed.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Apple Podcasts address"
          type="url"
          placeholder="https://podcasts.apple.com/…"
          value={fields.follow.applePodcasts ?? ''}
          onChange={(event) => follow('applePodcasts', event.target.value)}
          error={errors['follow.applePodcasts']}
        />
        <Field
          label="Spotify address"
          type="url"
          placeholder="https://open.spotify.com/show/…"
          value={fields.follow.spotify ?? ''}
          onChange={(event) => follow('spotify', event.target.value)}
          error={errors['follow.spotify']}
        />
        <Field
          label="YouTube address"
          type="url"
          placeholder="https://www.youtube.com/…"
          value={fields.follow.youtube ?? ''}
          onChange={(event) => follow('youtube', event.target.value)}
          error={errors['follow.youtube']}
        />
        <Field
          label="Donation page"
          type="url"
          value={fields.funding?.url ?? ''}
          onChange={(event) =>
            set({ funding: { url: event.target.value, text: fields.funding?.text ?? '' } })
          }
          error={errors['funding.url'] ?? errors.funding}
        />
        <Field
          label="What the donation link says"
          className="sm:col-span-2"
          placeholder="Support The Daily Commons"
          value={fields.funding?.text ?? ''}
          onChange={(event) =>
            set({ funding: { url: fields.funding?.url ?? '', text: event.target.value } })
          }
          error={errors['funding.text']}
        />
      </div>
    </Card>
  )
}

function ArtworkCard({
  id,
  fields,
  errors,
  busy,
  onChoose,
}: {
  id: string
  fields: ShowFields
  errors: Errors
  busy: boolean
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void
}) {
  return (
    <Card aria-labelledby={`${id}-artwork`}>
      <h2 id={`${id}-artwork`} className="font-display text-2xl font-semibold">
        Artwork
      </h2>
      <img
        src={fields.artwork.url}
        alt="The show’s artwork"
        width={fields.artwork.width}
        height={fields.artwork.height}
        className="mt-4 h-auto w-full rounded-card"
      />
      <p className="mt-2 text-sm text-ink-soft">
        {fields.artwork.width} × {fields.artwork.height} px
      </p>
      <div className="mt-4 flex flex-col gap-1.5">
        <label htmlFor={`${id}-artwork-file`} className="font-semibold">
          Replace the artwork
        </label>
        <p id={`${id}-artwork-hint`} className="text-sm text-ink-soft">
          Square, 1400 to 3000 pixels a side, JPEG or PNG (Apple Podcasts’ rule).
        </p>
        <input
          id={`${id}-artwork-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={onChoose}
          disabled={busy}
          aria-invalid={errors.artwork ? true : undefined}
          aria-describedby={`${id}-artwork-hint${errors.artwork ? ` ${id}-artwork-error` : ''}`}
          className="min-h-11 w-full min-w-0 rounded-xl border border-ink/25 bg-white px-3 py-2 file:mr-3 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-1.5 file:font-semibold file:text-paper"
        />
        {errors.artwork && (
          <p id={`${id}-artwork-error`} className="text-sm font-medium text-danger">
            {errors.artwork}
          </p>
        )}
      </div>
    </Card>
  )
}

function AboutCard({
  id,
  fields,
  set,
  errors,
  categories,
}: {
  id: string
  fields: ShowFields
  set: (patch: Partial<ShowFields>) => void
  errors: Errors
  categories: ShowAnswer['categories']
}) {
  const subcategories = categories[fields.category.name] ?? []
  return (
    <Card aria-labelledby={`${id}-about`}>
      <h2 id={`${id}-about`} className="font-display text-2xl font-semibold">
        The show
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Title"
          className="sm:col-span-2"
          value={fields.title}
          onChange={(event) => set({ title: event.target.value })}
          error={errors.title}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          rows={5}
          value={fields.description}
          onChange={(event) => set({ description: event.target.value })}
          error={errors.description}
        />
        <Field
          label="Author"
          value={fields.author}
          onChange={(event) => set({ author: event.target.value })}
          error={errors.author}
        />
        <Field
          label="Copyright"
          value={fields.copyright}
          onChange={(event) => set({ copyright: event.target.value })}
          error={errors.copyright}
        />
        <Field
          label="Owner’s name"
          hint="Apple Podcasts writes to the owner about the show."
          value={fields.owner.name}
          onChange={(event) => set({ owner: { ...fields.owner, name: event.target.value } })}
          error={errors['owner.name']}
        />
        <Field
          label="Owner’s e-mail"
          type="email"
          value={fields.owner.email}
          onChange={(event) => set({ owner: { ...fields.owner, email: event.target.value } })}
          error={errors['owner.email']}
        />
        <SelectField
          label="Category (Apple Podcasts)"
          value={fields.category.name}
          onChange={(event) => set({ category: { name: event.target.value } })}
        >
          {Object.keys(categories).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Subcategory"
          value={fields.category.subcategory ?? ''}
          onChange={(event) =>
            set({
              category: {
                name: fields.category.name,
                ...(event.target.value && { subcategory: event.target.value }),
              },
            })
          }
          disabled={subcategories.length === 0}
        >
          <option value="">None</option>
          {subcategories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Language"
          hint="As RSS writes it: en-us, es, fr-ca…"
          value={fields.language}
          onChange={(event) => set({ language: event.target.value })}
          error={errors.language}
        />
        <div className="flex items-center gap-3 self-end pb-2">
          <input
            id={`${id}-explicit`}
            type="checkbox"
            checked={fields.explicit}
            onChange={(event) => set({ explicit: event.target.checked })}
            className="size-5 accent-clay"
          />
          <label htmlFor={`${id}-explicit`} className="font-semibold">
            Explicit language
          </label>
        </div>
      </div>
    </Card>
  )
}
