/**
 * What the compiler refuses of a call by contract (api.ts `call`): a body field the route does
 * not read, a param or query value it would refuse, a missing param, and an answer used as
 * something it is not. `npm run typecheck` checks this file: each `@ts-expect-error` must meet
 * an error, so a client that let one of these through fails the typecheck ("unused
 * @ts-expect-error"). The calls sit in a function that never runs; nothing is sent.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AnswerOf } from '#common/api-contract.ts'
import type { MessageDetail, MessageListAnswer } from '#common/back-office.ts'
import * as contactApi from '#common/contact-contracts.ts'
import * as contentApi from '#common/content-contracts.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call, downloadUrl } from './api.ts'

async function typeChecks() {
  // A body field the route does not read, a value its schema refuses, a body it reads none of.
  // @ts-expect-error "rol" is not a field of RoleRequest
  await call(staffApi.changeRole, { params: { id: 'x' }, body: { rol: 'admin' } })
  // @ts-expect-error "owner" is not a role
  await call(staffApi.changeRole, { params: { id: 'x' }, body: { role: 'owner' } })
  // @ts-expect-error the route needs a body
  await call(staffApi.changeRole, { params: { id: 'x' } })
  // @ts-expect-error GET /session reads no body
  await call(staffApi.session, { body: {} })

  // A missing param, a param of another name, a param for a route without one.
  // @ts-expect-error GET /messages/:id needs its id
  await call(contactApi.message)
  // @ts-expect-error GET /messages/:id needs its id
  await call(contactApi.message, { params: {} })
  // @ts-expect-error a page is named by `name`, not `id`
  await call(contentApi.page.read, { params: { id: 'home' } })
  // @ts-expect-error GET /session has no params
  await call(staffApi.session, { params: { id: 'x' } })

  // A query value the route refuses; the query may be left out when all of it is optional.
  // @ts-expect-error "archived" is not a view of the inbox
  await call(contactApi.messages, { query: { filter: 'archived' } })
  await call(contactApi.messages)
  downloadUrl(contactApi.messagesExport, { query: { filter: 'spam' } })

  // The answer is the route's: a message is not a list, and has no subject.
  const message = await call(contactApi.message, { params: { id: 'x' } })
  // @ts-expect-error a message detail has no `messages`
  void message.messages
  // @ts-expect-error a message detail has no `subject`
  void message.subject
  const list: MessageListAnswer = await call(contactApi.messages)
  // @ts-expect-error GET /messages answers a list, not one message
  const wrong: MessageDetail = await call(contactApi.messages)
  return [list, wrong]
}

describe('a call by contract', () => {
  it('takes its answer type from the route', () => {
    expectTypeOf<AnswerOf<typeof contactApi.message>>().toEqualTypeOf<MessageDetail>()
    expectTypeOf<AnswerOf<typeof contactApi.messagesExport>>().toEqualTypeOf<undefined>()
    expectTypeOf(call<typeof staffApi.account>).returns.resolves.toHaveProperty('passkeys')
    expect(typeChecks).toBeTypeOf('function')
  })
})
