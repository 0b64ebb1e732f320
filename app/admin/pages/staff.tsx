/**
 * The staff list (administrators): invite a colleague (a one-time link, also mailed when e-mail
 * is set up), change a role, make a new link for someone who lost every passkey, remove someone.
 * Each is a post to the route's action (staff/action.ts, ADR 026); the list then shows the staff
 * as the server has them.
 */
import { useEffect, useRef, useState } from 'react'
import { useFetcher, useLoaderData, type FetcherWithComponents } from 'react-router'
import {
  ROLE_LABELS,
  ROLES,
  type InvitationLinkAnswer,
  type Role,
  type StaffMemberSummary,
} from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call } from '#app/admin/api.ts'
import { sayNotice, useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { useToast } from '#app/admin/components/toast.tsx'
import {
  Alert,
  Badge,
  buttonClass,
  Card,
  Field,
  PageHeader,
  SelectField,
} from '#app/admin/components/ui.tsx'
import { formatDateTime } from '#app/admin/format.ts'
import { useSession } from '#app/admin/session.ts'
import type { StaffActionResult } from './staff/action.ts'

export { staffAction } from './staff/action.ts'

export const staffLoader = () => call(staffApi.staffList)

type StaffFetcher = FetcherWithComponents<StaffActionResult>

export function StaffPage() {
  const { members, mail } = useLoaderData<typeof staffLoader>()
  const { staff: me } = useSession()
  const invite = useFetcher<StaffActionResult>()
  const change = useFetcher<StaffActionResult>()
  const [link, setLink] = useState<InvitationLinkAnswer>()
  const [removing, setRemoving] = useState<StaffMemberSummary>()
  const [changing, setChanging] = useState<RoleChange>()

  // A new answer shows the link it made and closes the question it answered; a refusal leaves
  // the question open. The invitation form shows its refusals next to its fields.
  const follow = (result: StaffActionResult) => {
    if (!result.ok) return
    if (result.link) setLink(result.link)
    if (result.intent === 'role') setChanging(undefined)
    if (result.intent === 'remove') setRemoving(undefined)
  }
  useActionAnswer(invite.data, {
    follow,
    say: (result) => (result.ok ? [result.notice] : undefined),
  })
  useActionAnswer(change.data, { follow, say: sayNotice })

  const post = (fields: Record<string, string>) => change.submit(fields, { method: 'post' })

  return (
    <>
      <PageHeader
        title="Staff"
        lead="Who can sign in to the back office, and what they may do there."
      />
      <InviteForm mail={mail} fetcher={invite} />
      {link && <LinkPanel answer={link} onClose={() => setLink(undefined)} />}
      <h2 className="mt-10 mb-4 font-display text-2xl font-semibold">Everyone</h2>
      <ul className="flex flex-col gap-3">
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isMe={member.id === me.id}
            fetcher={change}
            onRole={(role) => setChanging({ member, role })}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      <RoleChangeDialog
        change={changing}
        onConfirm={() =>
          post({ intent: 'role', id: changing?.member.id ?? '', role: changing?.role ?? '' })
        }
        onClose={() => setChanging(undefined)}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this person?"
        confirmLabel="Remove"
        onConfirm={() =>
          post({ intent: 'remove', id: removing?.id ?? '', email: removing?.email ?? '' })
        }
        onClose={() => setRemoving(undefined)}
      >
        <p>
          <strong className="break-all">{removing?.email}</strong> loses access at once: their
          passkeys stop working and every session they have ends. The audit log keeps what they did.
        </p>
      </ConfirmDialog>
    </>
  )
}

/** One person: who they are, their passkeys and last sign-in, and what may be done to them. */
function MemberRow({
  member,
  isMe,
  fetcher,
  onRole,
  onRemove,
}: {
  member: StaffMemberSummary
  isMe: boolean
  fetcher: StaffFetcher
  onRole: (role: Role) => void
  onRemove: () => void
}) {
  return (
    <li className="rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-semibold break-all">
            {member.name ? `${member.name} · ` : ''}
            {member.email}
            {isMe && (
              <>
                {' '}
                <span className="font-normal text-ink-soft">(you)</span>
              </>
            )}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            {member.passkeys === 0 ? (
              <Badge tone="new">No passkey yet</Badge>
            ) : (
              <span>
                {member.passkeys} passkey{member.passkeys === 1 ? '' : 's'}
              </span>
            )}
            <span>
              ·{' '}
              {member.lastSignInAt
                ? `last signed in ${formatDateTime(member.lastSignInAt)}`
                : 'never signed in'}
            </span>
            {member.invitationExpiresAt && (
              <span>· link valid until {formatDateTime(member.invitationExpiresAt)}</span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={`Role of ${member.email}`}
            hideLabel
            value={member.role}
            onChange={(event) => onRole(event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
          <fetcher.Form method="post" className="contents">
            <input type="hidden" name="id" value={member.id} />
            <button
              type="submit"
              name="intent"
              value="new-link"
              className={buttonClass('outline')}
              disabled={fetcher.state !== 'idle'}
            >
              New link<span className="sr-only"> for {member.email}</span>
            </button>
          </fetcher.Form>
          {!isMe && (
            <button type="button" className={buttonClass('danger')} onClick={onRemove}>
              Remove<span className="sr-only"> {member.email}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  )
}

interface RoleChange {
  member: StaffMemberSummary
  role: Role
}

/** What a role lets a person do, said before they get it. */
const ROLE_CONSEQUENCES: Record<Role, string> = {
  admin:
    'They may do everything: read messages and subscribers, erase a person, invite and remove staff, change anyone’s role.',
  editor: 'They may write and publish content, and no longer see messages, subscribers or staff.',
}

/** "Make this person an administrator?": a role takes effect at once, so it is asked first. */
export function RoleChangeDialog({
  change,
  onConfirm,
  onClose,
}: {
  change: RoleChange | undefined
  onConfirm: () => Promise<void>
  onClose: () => void
}) {
  const label = change ? ROLE_LABELS[change.role].toLowerCase() : ''
  return (
    <ConfirmDialog
      open={change !== undefined}
      title={`Make this person ${change?.role === 'admin' ? 'an' : 'a'} ${label}?`}
      confirmLabel={`Make ${label}`}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <strong className="break-all">{change?.member.email}</strong> becomes {label} at once.{' '}
        {change && ROLE_CONSEQUENCES[change.role]}
      </p>
    </ConfirmDialog>
  )
}

function InviteForm({ mail, fetcher }: { mail: boolean; fetcher: StaffFetcher }) {
  const form = useRef<HTMLFormElement>(null)
  const busy = fetcher.state !== 'idle'
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined
  const fields = refused?.fields ?? {}
  const error = refused && Object.keys(fields).length === 0 ? refused.message : undefined
  // Once invited, the form is empty again for the next person.
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset()
  }, [fetcher.data])

  return (
    <Card aria-labelledby="invite-title">
      <h2 id="invite-title" className="mb-1 font-display text-2xl font-semibold">
        Invite someone
      </h2>
      <p className="mb-5 text-ink-soft">
        They get a one-time link, valid 24 hours, to create their passkey.{' '}
        {mail
          ? 'It is e-mailed to them, and shown here too.'
          : 'E-mail is not set up: send them the link yourself.'}
      </p>
      <fetcher.Form ref={form} method="post" noValidate className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <Field
          label="E-mail address"
          type="email"
          name="email"
          error={fields['email']}
          autoComplete="off"
          required
        />
        <Field
          label="Name (optional)"
          name="name"
          error={fields['name']}
          autoComplete="off"
          maxLength={120}
        />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 font-semibold">Role</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {ROLES.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name="role"
                  value={value}
                  defaultChecked={value === 'editor'}
                  className="size-5 shrink-0 accent-clay"
                />
                {ROLE_LABELS[value]}
                <span className="font-normal text-ink-soft">
                  (
                  {value === 'admin'
                    ? 'staff, messages, subscribers, erasure, audit log'
                    : 'content'}
                  )
                </span>
              </label>
            ))}
          </div>
          {fields['role'] && (
            <p className="mt-1 text-sm font-medium text-danger">{fields['role']}</p>
          )}
        </fieldset>
        {error && (
          <div className="sm:col-span-2">
            <Alert>{error}</Alert>
          </div>
        )}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </fetcher.Form>
    </Card>
  )
}

function LinkPanel({ answer, onClose }: { answer: InvitationLinkAnswer; onClose: () => void }) {
  const notify = useToast()
  const link = answer.link
  return (
    <section aria-labelledby="link-title" className="mt-6 rounded-card bg-gold-soft p-5 sm:p-6">
      <h2 id="link-title" className="font-display text-xl font-semibold break-words">
        Invitation link for {answer.member.email}
      </h2>
      <p className="mt-1 text-sm">
        Works once, until {formatDateTime(answer.expiresAt)}.{' '}
        {link === null
          ? 'It was e-mailed to them only: an administrator’s link is not shown to anyone else.'
          : answer.mailed
            ? 'It was e-mailed to them.'
            : 'Send it to them yourself, by a channel you trust.'}
      </p>
      {link !== null && (
        <p
          className="mt-3 rounded-xl bg-white px-3 py-2 font-mono text-sm break-all"
          data-testid="invitation-link"
        >
          {link}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {link !== null && (
          <button
            type="button"
            className={buttonClass('dark')}
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => notify('Link copied.'),
                () => notify('Copying failed: select the link and copy it.', 'error'),
              )
            }
          >
            Copy link
          </button>
        )}
        <button type="button" className={buttonClass('outline')} onClick={onClose}>
          Done
        </button>
      </div>
    </section>
  )
}
