/**
 * The content's files that are bytes, not text: each episode's audio and the show's artwork. An
 * import (the first start, `npm run content -- import`) checks them and stores them in the media
 * library before the documents that name them are published, so that every page's address
 * (/media/u/<SHA-256>.<ext>, the same one the build writes) answers on every server process; an
 * export reads them back by their SHA-256. Text files (transcripts, chapters) live inside the
 * documents.
 */
import { EPISODES_FOLDER, PODCAST_FOLDER } from '#common/content/files.ts'
import { ARTWORK_WIDTHS } from '#common/content/podcast-files.ts'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { AudioRejectedError, readAudioMetadata } from '#server/media/audio-metadata.ts'
import { MediaRefusal } from '#server/media/errors.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'

/** How far a front matter's duration may be from the audio's own (it is kept to the ms). */
const DURATION_TOLERANCE_SECONDS = 0.01

/**
 * Checks every stored file the snapshot names against its bytes (each audio is MP3 or M4A as long
 * as its front matter says; the artwork is a picture the media library takes as it is), then
 * stores them. Nothing is stored when anything is wrong: a ContentError names each file.
 */
export async function storeContentFiles(
  snapshot: ContentSnapshot,
  stored: ReadonlyMap<string, Buffer>,
  library: MediaLibrary,
  label: (path: string) => string = (path) => path,
): Promise<{ audio: number; artwork: number }> {
  const problems: ContentProblem[] = []
  const audio: { bytes: Buffer; mime: 'audio/mpeg' | 'audio/mp4'; fileName: string }[] = []
  for (const { slug, data } of snapshot.podcast.episodes) {
    const path = `${EPISODES_FOLDER}/${data.audio}`
    const bytes = stored.get(path)
    if (!bytes) {
      problems.push({ source: label(path), message: `is missing: it is the audio of ${slug}` })
      continue
    }
    try {
      const measured = await readAudioMetadata(bytes, data.audio)
      if (Math.abs(measured.duration - data.duration) > DURATION_TOLERANCE_SECONDS)
        problems.push({
          source: label(`${EPISODES_FOLDER}/${slug}.md`),
          field: 'duration',
          message: `says ${data.duration} s, but ${data.audio} is ${Math.round(measured.duration * 1000) / 1000} s long`,
        })
      else audio.push({ bytes, mime: measured.mimeType, fileName: data.audio })
    } catch (error) {
      if (!(error instanceof AudioRejectedError)) throw error
      problems.push({ source: label(path), message: error.message })
    }
  }
  const { show } = snapshot.podcast
  const artworkPath = `${PODCAST_FOLDER}/${show.artwork}`
  const artwork = stored.get(artworkPath)
  if (!artwork) problems.push({ source: label(artworkPath), message: 'is missing' })
  if (problems.length > 0) throw new ContentError(problems)

  for (const file of audio) await library.saveBlob({ ...file, kind: 'audio' })
  try {
    await library.saveImage({
      bytes: artwork!,
      fileName: show.artwork,
      alt: `${show.title}: the show’s artwork`,
      master: 'as-is',
      widths: ARTWORK_WIDTHS,
    })
  } catch (error) {
    if (!(error instanceof MediaRefusal)) throw error
    throw new ContentError([{ source: label(artworkPath), message: error.message }])
  }
  return { audio: audio.length, artwork: 1 }
}
