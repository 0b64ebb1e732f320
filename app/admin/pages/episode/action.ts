/**
 * The episode form's writes, as the route's action: "Save draft", "Publish now" (or "Schedule"),
 * "Unpublish" and "Delete" each post the form with its `intent`. React Router shows the form as
 * pending while it runs and reads the episode again afterwards (the loader), so what the page
 * offers next comes from the server's answer. A refusal comes back with the server's message and
 * its per-field messages, to show next to the fields.
 */
import type { ActionFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import type { EpisodeAnswer } from '#common/podcast-admin.ts'
import * as podcastApi from '#common/podcast-contracts.ts'
import { ApiError, call } from '#app/admin/api.ts'
import { formatShowTime } from '#app/admin/format.ts'
import { sendEpisodeToReaders } from '#app/admin/pages/episode-send.tsx'
import { episodeBody, FormRefusal } from './form-state.ts'

export type EpisodeIntent = 'save' | 'publish' | 'unpublish' | 'delete'

export type EpisodeActionResult =
  | {
      ok: true
      intent: EpisodeIntent
      /** The episode as the server has it after the action (none once deleted). */
      episode: EpisodeAnswer | undefined
      /** What to tell the person, in order. */
      notices: string[]
      /** Done, but with something that went wrong after (the letter to readers). */
      warning?: string
    }
  | { ok: false; intent: EpisodeIntent; message: string; fields: Record<string, string> }

const INTENTS: readonly string[] = ['save', 'publish', 'unpublish', 'delete']

const savedNotice = (saved: EpisodeAnswer) =>
  saved.problems.length > 0
    ? 'The draft is saved. Before it can be published, see the notes next to the fields.'
    : 'The draft is saved. Visitors see nothing of it until it is published.'

const publishedNotice = (answer: EpisodeAnswer) =>
  answer.status === 'scheduled'
    ? `Scheduled: it goes out on its own at ${formatShowTime(answer.publishAt!)}.`
    : 'Published: its page, /listen and the feed show it within seconds.'

/** Creates the episode (no id yet) or saves its draft over the version the form was read at. */
function saveDraft(id: string | undefined, form: FormData): Promise<EpisodeAnswer> {
  const body = episodeBody(form)
  return id
    ? call(podcastApi.saveEpisode, {
        params: { id },
        body: { ...body, baseVersion: Number(form.get('baseVersion')) },
      })
    : call(podcastApi.createEpisode, { body })
}

/** Saves what changed first (a new episode always), then publishes; sends it if asked. */
async function publish(id: string | undefined, form: FormData): Promise<EpisodeActionResult> {
  const saved =
    !id || form.get('changed') === 'yes'
      ? await saveDraft(id, form)
      : { id, version: Number(form.get('baseVersion')) }
  const answer = await call(podcastApi.publishEpisode, {
    params: { id: saved.id },
    body: { baseVersion: saved.version },
  })
  const notices = [publishedNotice(answer)]
  if (form.get('send') !== 'yes' || answer.status !== 'published')
    return { ok: true, intent: 'publish', episode: answer, notices }
  // The letter goes once the page is live (the request waits for that).
  try {
    notices.push(await sendEpisodeToReaders(answer.fields.slug))
    return { ok: true, intent: 'publish', episode: answer, notices }
  } catch (caught) {
    const warning = `Published, but not sent to readers: ${(caught as Error).message}`
    return { ok: true, intent: 'publish', episode: answer, notices, warning }
  }
}

async function run(
  intent: EpisodeIntent,
  id: string | undefined,
  form: FormData,
): Promise<EpisodeActionResult> {
  const baseVersion = Number(form.get('baseVersion'))
  if (intent === 'save') {
    const saved = await saveDraft(id, form)
    return { ok: true, intent, episode: saved, notices: [savedNotice(saved)] }
  }
  if (intent === 'publish') return publish(id, form)
  if (!id) throw new ApiError(404, { message: 'This episode is not saved yet.' })
  if (intent === 'unpublish') {
    const answer = await call(podcastApi.unpublishEpisode, {
      params: { id },
      body: { baseVersion },
    })
    const notice = 'Unpublished: the episode is off the site and the feed; its draft stays here.'
    return { ok: true, intent, episode: answer, notices: [notice] }
  }
  await call(podcastApi.deleteEpisode, { params: { id }, query: { baseVersion } })
  const notice = `Episode ${String(form.get('number') ?? '')} was deleted.`
  return { ok: true, intent, episode: undefined, notices: [notice] }
}

export async function episodeAction({
  request,
  params,
}: ActionFunctionArgs): Promise<EpisodeActionResult> {
  const form = await request.formData()
  const asked = String(form.get('intent'))
  const intent = (INTENTS.includes(asked) ? asked : 'save') as EpisodeIntent
  try {
    return await run(intent, params['id'], form)
  } catch (caught) {
    const fields = caught instanceof FormRefusal || caught instanceof ApiError ? caught.fields : {}
    return { ok: false, intent, message: (caught as Error).message, fields }
  }
}

/**
 * After a delete the episode is not read again (the page moves to the list); nor is the next
 * number after a new episode's first save (the page moves to the episode's own address).
 */
export function episodeShouldRevalidate({
  actionResult,
  currentParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const result = actionResult as EpisodeActionResult | undefined
  if (result?.ok && (result.intent === 'delete' || !currentParams['id'])) return false
  return defaultShouldRevalidate
}
