/**
 * The frame of every signed-in page: the menu (a sidebar from 1024 px, a disclosure under a top
 * bar below), who is signed in, Sign out, and the page in a <main> landmark with a skip link.
 */
import { useId, useState } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { ROLE_LABELS } from '#common/back-office.ts'
import { Logo } from '#app/components/ui/logo.tsx'
import { cn } from '#app/lib/cn.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { call } from '#app/admin/api.ts'
import { useSession } from '#app/admin/session.ts'
import { useToast } from './toast.tsx'

export function Layout() {
  const { staff, navigation } = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const navigate = useNavigate()
  const notify = useToast()
  const menuId = useId()

  async function signOut() {
    try {
      await call(staffApi.signOut)
      navigate('/sign-in?signed-out=1')
    } catch (error) {
      notify((error as Error).message, 'error')
    }
  }

  return (
    <div className="min-h-dvh bg-paper text-ink lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="border-b border-ink/10 bg-paper-deep lg:w-72 lg:shrink-0 lg:border-r lg:border-b-0">
        <header className="lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-6 lg:py-6">
            <NavLink to="/" className="rounded-lg" aria-label="DocuCommons back office: overview">
              <Logo />
            </NavLink>
            <button
              type="button"
              className="min-h-11 rounded-full border border-ink/25 px-4 font-semibold lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? 'Close menu' : 'Menu'}
            </button>
          </div>
          <p className="hidden px-6 text-xs font-semibold tracking-eyebrow text-ink-soft uppercase lg:block">
            Back office
          </p>
          <nav
            id={menuId}
            aria-label="Back office"
            className={cn('px-3 pb-4 lg:flex lg:grow lg:flex-col lg:pt-2', !menuOpen && 'hidden')}
          >
            <ul className="flex flex-col gap-1">
              {navigation.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/'}
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center rounded-xl px-3 font-medium',
                        isActive ? 'bg-ink text-paper' : 'hover:bg-paper',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-6 border-t border-ink/10 px-3 pt-4 lg:mt-auto">
              <p className="text-sm break-words">
                <span className="font-semibold">{staff.name ?? staff.email}</span>
                <br />
                <span className="text-ink-soft">{ROLE_LABELS[staff.role]}</span>
              </p>
              <button
                type="button"
                onClick={signOut}
                className="mt-3 min-h-11 rounded-full border border-ink/25 px-4 font-semibold hover:bg-paper"
              >
                Sign out
              </button>
            </div>
          </nav>
        </header>
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 grow px-4 py-8 focus:outline-none sm:px-8 lg:px-12 lg:py-12"
      >
        <div className="mx-auto max-w-5xl">
          <Outlet />
        </div>
      </main>
    </div>
  )
}
