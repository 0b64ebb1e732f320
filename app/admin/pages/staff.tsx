/**
 * The staff list (administrators): invite a colleague (a one-time link, also mailed when e-mail
 * is set up), change a role, make a new link for someone who lost every passkey, remove someone.
 */
import { useState, type FormEvent } from 'react'
import { useLoaderData, useRevalidator } from 'react-router'
import {
  ROLE_LABELS,
  ROLES,
  type InvitationLinkAnswer,
  type Role,
  type StaffMemberSummary,
} from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { ApiError, call } from '#app/admin/api.ts'
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

export const staffLoader = () => call(staffApi.staffList)

export function StaffPage() {
  const { members, mail } = useLoaderData<typeof staffLoader>()
  const { staff: me } = useSession()
  const revalidator = useRevalidator()
  const notify = useToast()
  const [link, setLink] = useState<InvitationLinkAnswer>()
  const [removing, setRemoving] = useState<StaffMemberSummary>()
  const [changing, setChanging] = useState<RoleChange>()

  async function newLink(member: StaffMemberSummary) {
    try {
      setLink(await call(staffApi.newInvitationLink, { params: { id: member.id } }))
      notify(`A new link for ${member.email} is ready.`)
      revalidator.revalidate()
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  // Asked first: a role takes effect at once (an administrator may change everything).
  async function changeRole() {
    if (!changing) return
    const { member, role } = changing
    try {
      await call(staffApi.changeRole, { params: { id: member.id }, body: { role } })
      notify(`${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`)
      setChanging(undefined)
    } catch (error) {
      notify((error as Error).message, 'error')
    }
    revalidator.revalidate()
  }

  async function remove() {
    if (!removing) return
    try {
      await call(staffApi.removeMember, { params: { id: removing.id } })
      notify(`${removing.email} was removed; their sessions have ended.`)
      setRemoving(undefined)
      revalidator.revalidate()
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  return (
    <>
      <PageHeader
        title="Staff"
        lead="Who can sign in to the back office, and what they may do there."
      />
      <InviteForm
        mail={mail}
        onInvited={(answer) => {
          setLink(answer)
          revalidator.revalidate()
        }}
      />
      {link && <LinkPanel answer={link} onClose={() => setLink(undefined)} />}
      <h2 className="mt-10 mb-4 font-display text-2xl font-semibold">Everyone</h2>
      <ul className="flex flex-col gap-3">
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isMe={member.id === me.id}
            onRole={(role) => setChanging({ member, role })}
            onNewLink={() => newLink(member)}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      <RoleChangeDialog
        change={changing}
        onConfirm={changeRole}
        onClose={() => setChanging(undefined)}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this person?"
        confirmLabel="Remove"
        onConfirm={remove}
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
  onRole,
  onNewLink,
  onRemove,
}: {
  member: StaffMemberSummary
  isMe: boolean
  onRole: (role: Role) => void
  onNewLink: () => void
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
          <button type="button" className={buttonClass('outline')} onClick={onNewLink}>
            New link<span className="sr-only"> for {member.email}</span>
          </button>
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

function InviteForm({
  mail,
  onInvited,
}: {
  mail: boolean
  onInvited: (answer: InvitationLinkAnswer) => void
}) {
  const notify = useToast()
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [fields, setFields] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setError(undefined)
    try {
      const answer = await call(staffApi.invite, {
        body: { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) },
      })
      notify(
        `${answer.member.email} is invited${answer.mailed ? ' and the link was e-mailed' : ''}.`,
      )
      setEmail('')
      setName('')
      onInvited(answer)
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
        setFields(caught.fields)
      else setError((caught as Error).message)
    } finally {
      setBusy(false)
    }
  }

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
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="E-mail address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fields.email}
          autoComplete="off"
          required
        />
        <Field
          label="Name (optional)"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fields.name}
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
                  checked={role === value}
                  onChange={() => setRole(value)}
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
          {fields.role && <p className="mt-1 text-sm font-medium text-danger">{fields.role}</p>}
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
      </form>
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
