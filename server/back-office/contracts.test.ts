/**
 * Each back-office API route has exactly one contract in common/ (common/api-contract.ts), which
 * the staff app calls it by: every route the server serves is defined from one, and every
 * contract is served at its method and path. A route added without a contract, or a contract
 * left behind when its route goes, fails here.
 */
import { describe, expect, it } from 'vitest'
import type { Contract } from '#common/api-contract.ts'
import * as contact from '#common/contact-contracts.ts'
import * as content from '#common/content-contracts.ts'
import * as newsletter from '#common/newsletter-contracts.ts'
import * as podcast from '#common/podcast-contracts.ts'
import * as privacy from '#common/privacy-contracts.ts'
import * as staff from '#common/staff-contracts.ts'
import { backOfficeOnDatabase } from '#server/test/staff.ts'

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Contract).method === 'string' &&
  typeof (value as Contract).path === 'string'

/** Every contract a module exports, also those grouped in an object (`article.read`). */
function contractsOf(module: object): Contract[] {
  return Object.values(module).flatMap((value: unknown) =>
    isContract(value)
      ? [value]
      : typeof value === 'object' && value !== null
        ? Object.values(value).filter(isContract)
        : [],
  )
}

const CONTRACTS = [contact, content, newsletter, podcast, privacy, staff].flatMap(contractsOf)
const keyOf = (route: { method: string }, path: string) => `${route.method} ${path}`

describe('the back office’s contracts', () => {
  const backOffice = backOfficeOnDatabase('sqlite', { media: true })

  it('name each method and path once', () => {
    const keys = CONTRACTS.map((contract) => keyOf(contract, contract.path))
    expect(keys.length).toBeGreaterThan(70)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })

  it('are where every served route takes its method and path from', () => {
    const routes = backOffice.app.backOffice.apiRoutes()
    const without = routes
      .filter((route) => !CONTRACTS.includes(route.contract))
      .map((route) => keyOf(route, route.url))
    expect(without).toEqual([])
    const moved = routes
      .filter((route) => keyOf(route.contract, route.contract.path) !== keyOf(route, route.url))
      .map((route) => keyOf(route, route.url))
    expect(moved).toEqual([])
  })

  it('are each served, at their method and path under /admin/api', () => {
    const defined = new Set(backOffice.app.backOffice.apiRoutes().map((route) => route.contract))
    const unserved = CONTRACTS.filter(
      (contract) =>
        !defined.has(contract) ||
        !backOffice.app.hasRoute({ method: contract.method, url: `/admin/api${contract.path}` }),
    ).map((contract) => keyOf(contract, contract.path))
    expect(unserved).toEqual([])
  })
})
