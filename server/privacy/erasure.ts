/**
 * Erasure on request ("forget a person"), across features that never import each other: each
 * feature that stores visitors' data by e-mail address provides an eraser (contact messages, the
 * newsletter subscription, …), the composition root lists them (server/app.ts), and the back
 * office's erasure route and `npm run forget` run every one of them in ONE transaction: all of
 * the person's data goes, or none of it.
 */
import type { Kysely } from 'kysely'
import type { ErasureGroup } from '#common/back-office.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { addressHash, type AuditEntry } from '#server/back-office/audit.ts'

type Db = Kysely<DatabaseSchema>

export interface PersonalDataEraser {
  /** What its records are, for people: e.g. "Contact messages". */
  label: string
  /** One record, for a count: e.g. "contact message". */
  noun: string
  /** One line per record that erase() would delete now (read-only). */
  preview(db: Db, email: string): Promise<string[]>
  /** Deletes the records of the address (any case) with anything queued for them; one line each. */
  erase(db: Db, email: string): Promise<string[]>
}

export interface ErasureResult {
  groups: (ErasureGroup & { noun: string })[]
  total: number
}

function result(erasers: readonly PersonalDataEraser[], lines: string[][]): ErasureResult {
  const groups = erasers.map((eraser, i) => ({
    label: eraser.label,
    noun: eraser.noun,
    records: lines[i]!,
  }))
  return { groups, total: groups.reduce((sum, group) => sum + group.records.length, 0) }
}

/** What erasing the address would delete now. */
export async function previewErasure(
  db: Db,
  erasers: readonly PersonalDataEraser[],
  email: string,
): Promise<ErasureResult> {
  const lines: string[][] = []
  for (const eraser of erasers) lines.push(await eraser.preview(db, email))
  return result(erasers, lines)
}

/**
 * Deletes every record of the address in one transaction; `within` runs in the same transaction
 * afterwards (the audit entry), so the erasure and its record commit together.
 */
export async function erasePerson(
  db: Db,
  erasers: readonly PersonalDataEraser[],
  email: string,
  within?: (trx: Db, erased: ErasureResult) => Promise<void>,
): Promise<ErasureResult> {
  return db.transaction().execute(async (trx) => {
    const lines: string[][] = []
    for (const eraser of erasers) lines.push(await eraser.erase(trx, email))
    const erased = result(erasers, lines)
    await within?.(trx, erased)
    return erased
  })
}

/** "2 contact messages and 1 newsletter subscription", or "nothing". */
export function describeCounts(erased: ErasureResult): string {
  const parts = erased.groups
    .filter((group) => group.records.length > 0)
    .map((group) => `${group.records.length} ${group.noun}${group.records.length === 1 ? '' : 's'}`)
  if (parts.length === 0) return 'nothing'
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/**
 * The audit entry of an erasure: the number of records of each kind and the SHA-256 of the
 * address, never the address (the log outlives the data it describes).
 */
export function erasureEntry(email: string, erased: ErasureResult, by: string): AuditEntry {
  const hash = addressHash(email)
  return {
    action: 'erasure',
    summary: `${by} erased a person's data: ${describeCounts(erased)} (address hash ${hash.slice(0, 12)}…)`,
    details: {
      addressHash: hash,
      total: erased.total,
      counts: Object.fromEntries(erased.groups.map((g) => [g.noun, g.records.length])),
    },
  }
}
