/**
 * The letters repository: drafts staff write, their state, a letter's progress while it goes out
 * and the archive of letters sent. Sending itself is ./sending.ts; each reader's copy is
 * delivered by ./delivery-queue.ts.
 */
import type { Kysely, Selectable } from 'kysely'
import { slugify } from '#common/content/slug.ts'
import { RESERVED_LETTER_SLUGS, type ArchivedLetter } from '#common/newsletter-archive.ts'
import { newRowId } from '#server/db/ids.ts'
import type { DatabaseSchema, NewsletterLetterTable } from '#server/db/schema.ts'

type Db = Kysely<DatabaseSchema>
export type LetterRow = Selectable<NewsletterLetterTable>
export type LetterKind = NewsletterLetterTable['kind']

export interface LetterFields {
  subject: string
  preheader: string
  body: string
}

/** A slug for a new letter's public copy: the subject's, made unique with a number. */
async function freeSlug(db: Db, subject: string, except?: string): Promise<string> {
  const words = slugify(subject).slice(0, 80).replace(/-+$/, '') || 'letter'
  // The site's own pages under /newsletter/ (the archive, the sign-up's pages) keep their names.
  const base = RESERVED_LETTER_SLUGS.has(words) ? `${words}-letter` : words
  const taken = new Set(
    (
      await db
        .selectFrom('newsletter_letter')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .where('id', '!=', except ?? '')
        .execute()
    ).map((row) => row.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export async function createLetter(
  db: Db,
  input: LetterFields & { kind: LetterKind; sourceKey?: string | null; announces?: string },
  by: { staffId: string | null; now: Date },
): Promise<LetterRow> {
  const now = by.now.toISOString()
  const id = newRowId()
  await db
    .insertInto('newsletter_letter')
    .values({
      id,
      kind: input.kind,
      source_key: input.sourceKey ?? null,
      announces: input.announces ?? null,
      slug: await freeSlug(db, input.subject),
      subject: input.subject,
      preheader: input.preheader,
      body: input.body,
      status: 'draft',
      send_at: null,
      started_at: null,
      finished_at: null,
      recipients: null,
      created_at: now,
      updated_at: now,
      created_by: by.staffId,
      sent_by: null,
    })
    .execute()
  return (await findLetter(db, id))!
}

export function findLetter(db: Db, id: string): Promise<LetterRow | undefined> {
  return db.selectFrom('newsletter_letter').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findSentLetter(db: Db, slug: string): Promise<LetterRow | undefined> {
  return db
    .selectFrom('newsletter_letter')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', 'in', ['sending', 'sent'])
    .executeTakeFirst()
}

/** Every letter, newest first (the back office's list; letters are few: one a week or so). */
export function listLetters(db: Db): Promise<LetterRow[]> {
  return db
    .selectFrom('newsletter_letter')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Letters that went out (or are going), newest first: the public archive (ADR 024). Drafts,
 * scheduled letters and tests never; nothing of who got them.
 */
export async function archivedLetters(db: Db): Promise<ArchivedLetter[]> {
  const rows = await db
    .selectFrom('newsletter_letter')
    .select(['slug', 'subject', 'preheader', 'body', 'started_at'])
    .where('status', 'in', ['sending', 'sent'])
    .where('started_at', 'is not', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    slug: row.slug,
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    sentAt: row.started_at!,
  }))
}

export type SaveOutcome = 'saved' | 'missing' | 'not-a-draft' | 'stale'

/** Saves a draft (or a scheduled letter, which goes back to being a draft's words). */
export async function saveLetter(
  db: Db,
  id: string,
  input: LetterFields & { version: number },
  now: Date,
): Promise<SaveOutcome> {
  // Until it is sent, the public copy's address follows the subject.
  const slug = await freeSlug(db, input.subject, id)
  const result = await db
    .updateTable('newsletter_letter')
    .set((eb) => ({
      slug,
      subject: input.subject,
      preheader: input.preheader,
      body: input.body,
      updated_at: now.toISOString(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .where('version', '=', input.version)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 1) return 'saved'
  return whyNot(db, id)
}

async function whyNot(db: Db, id: string): Promise<Exclude<SaveOutcome, 'saved'>> {
  const row = await findLetter(db, id)
  if (!row) return 'missing'
  return row.status === 'draft' || row.status === 'scheduled' ? 'stale' : 'not-a-draft'
}

export async function deleteDraft(
  db: Db,
  id: string,
): Promise<'deleted' | 'missing' | 'not-a-draft'> {
  const result = await db
    .deleteFrom('newsletter_letter')
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .executeTakeFirst()
  if (Number(result.numDeletedRows) === 1) return 'deleted'
  return (await findLetter(db, id)) ? 'not-a-draft' : 'missing'
}

/** Schedules a draft, or takes a scheduled letter back to draft (sendAt null). */
export async function scheduleLetter(
  db: Db,
  id: string,
  sendAt: Date | null,
  by: { staffId: string; now: Date },
): Promise<'scheduled' | 'unscheduled' | 'missing' | 'not-a-draft'> {
  const result = await db
    .updateTable('newsletter_letter')
    .set({
      status: sendAt ? 'scheduled' : 'draft',
      send_at: sendAt?.toISOString() ?? null,
      sent_by: sendAt ? by.staffId : null,
      updated_at: by.now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 1) return sendAt ? 'scheduled' : 'unscheduled'
  return (await findLetter(db, id)) ? 'not-a-draft' : 'missing'
}

export interface LetterProgress {
  queued: number
  sent: number
  failed: number
  bounced: number
  skipped: number
}

/** How far a letter's delivery is: its delivery rows counted by state. */
export async function letterProgress(db: Db, id: string): Promise<LetterProgress> {
  const rows = await db
    .selectFrom('newsletter_delivery')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .where('letter_id', '=', id)
    .groupBy('status')
    .execute()
  const progress: LetterProgress = { queued: 0, sent: 0, failed: 0, bounced: 0, skipped: 0 }
  for (const row of rows) {
    const count = Number(row.count)
    if (row.status === 'pending') progress.queued = count
    else progress[row.status] = count
  }
  return progress
}

/** The addresses a letter could not reach (failed for good or bounced), with the reason. */
export function failedAddresses(
  db: Db,
  id: string,
  limit = 200,
): Promise<{ email: string; status: string; error: string | null }[]> {
  return db
    .selectFrom('newsletter_delivery as delivery')
    .innerJoin('newsletter_subscriber as subscriber', 'subscriber.id', 'delivery.subscriber_id')
    .select(['subscriber.email', 'delivery.status', 'delivery.last_error as error'])
    .where('delivery.letter_id', '=', id)
    .where('delivery.status', 'in', ['failed', 'bounced'])
    .orderBy('subscriber.email_key')
    .limit(limit)
    .execute()
}

/** A letter whose copies are all settled is sent; called after each copy settles. */
export async function finishIfDone(db: Db, letterId: string, now: Date): Promise<void> {
  await db
    .updateTable('newsletter_letter')
    .set({ status: 'sent', finished_at: now.toISOString() })
    .where('id', '=', letterId)
    .where('status', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_delivery')
            .select('id')
            .where('letter_id', '=', letterId)
            .where('status', '=', 'pending'),
        ),
      ),
    )
    .execute()
}
