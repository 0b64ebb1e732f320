/** The first page after signing in: what is waiting, and where each task lives. */
import { useEffect } from 'react'
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router'
import type { MessageListAnswer, SubscriberListAnswer } from '#common/back-office.ts'
import * as contactApi from '#common/contact-contracts.ts'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { SECTION_DESCRIPTIONS } from '#common/back-office-sections.ts'
import { call } from '#app/admin/api.ts'
import { useToast } from '#app/admin/components/toast.tsx'
import { Card, PageHeader } from '#app/admin/components/ui.tsx'
import { plural } from '#app/admin/format.ts'
import { useSession } from '#app/admin/session.ts'

interface Overview {
  messages?: MessageListAnswer['counts'] | undefined
  subscribers?: SubscriberListAnswer['counts']
}

export async function overviewLoader(): Promise<Overview> {
  const session = await call(staffApi.session)
  if (session.staff.role !== 'admin') return {}
  const [messages, subscribers] = await Promise.all([
    call(contactApi.messages, { query: { filter: 'new' } }),
    call(newsletterApi.subscribers),
  ])
  return { messages: messages.counts ?? undefined, subscribers: subscribers.counts }
}

export function OverviewPage() {
  const { staff, navigation } = useSession()
  const overview = useLoaderData<typeof overviewLoader>()
  const location = useLocation()
  const navigate = useNavigate()
  const notify = useToast()
  useEffect(() => {
    if (new URLSearchParams(location.search).has('welcome')) {
      notify('Your passkey is ready: you are signed in.')
      navigate('/', { replace: true })
    }
  }, [location.search, navigate, notify])

  const tasks = navigation.filter((item) => item.path !== '/')
  return (
    <>
      <PageHeader
        title={`Hello, ${staff.name?.split(' ')[0] ?? staff.email}`}
        lead="The organisation's side of the DocuCommons website."
      />
      {overview.messages && overview.subscribers && (
        <div className="mb-10 grid gap-4 sm:grid-cols-2">
          <Card>
            <p className="text-sm font-semibold text-ink-soft">New messages</p>
            <p className="mt-1 font-display text-4xl font-semibold">
              {overview.messages.new.toLocaleString('en-US')}
            </p>
            <Link
              to="/messages"
              className="mt-3 inline-block font-semibold text-teal underline underline-offset-4"
            >
              Open the inbox
            </Link>
          </Card>
          <Card>
            <p className="text-sm font-semibold text-ink-soft">Newsletter</p>
            <p className="mt-1 font-display text-4xl font-semibold">
              {(overview.subscribers.confirmed + overview.subscribers.subscribed).toLocaleString(
                'en-US',
              )}
            </p>
            <p className="text-sm text-ink-soft">
              addresses may be mailed · {plural(overview.subscribers.pending, 'awaits', 'await')}{' '}
              confirmation
            </p>
            <Link
              to="/subscribers"
              className="mt-3 inline-block font-semibold text-teal underline underline-offset-4"
            >
              See subscribers
            </Link>
          </Card>
        </div>
      )}
      <h2 className="mb-4 font-display text-2xl font-semibold">What you can do here</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {tasks.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className="block h-full rounded-card bg-white/70 p-5 shadow-card ring-1 ring-ink/5 hover:ring-clay"
            >
              <span className="font-display text-xl font-semibold">{item.label}</span>
              <span className="mt-1 block text-ink-soft">{SECTION_DESCRIPTIONS[item.path]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
