/**
 * The staff app's Overview says what each page of the menu is for. The menu comes from the
 * server's page registrations (backOffice.page with a label): each must have its description.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DESCRIPTIONS } from '#app/admin/pages/overview.tsx'

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(file)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : []
  })
}

describe('the Overview', () => {
  it('describes every page of the menu', () => {
    const menu = serverFiles('server').flatMap((file) =>
      [
        ...fs.readFileSync(file, 'utf8').matchAll(/\.page\(\{\s*path: '([^']+)',[^}]*\blabel:/g),
      ].map((match) => match[1]!),
    )
    expect(menu).toContain('/podcast')
    expect(menu.filter((page) => page !== '/' && !(page in DESCRIPTIONS))).toEqual([])
  })
})
