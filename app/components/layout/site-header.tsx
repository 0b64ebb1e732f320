import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type RefObject,
} from 'react'
import type { SiteCopy } from '#common/content/site.ts'
import { siteConfig } from '#app/config.ts'
import { cn } from '#app/lib/cn.ts'
import { Logo } from '#app/components/ui/logo.tsx'
import { useMenuFocusTrap, useSearchShortcut } from './header-keys.ts'
import { SocialLinks, type SocialHrefs } from './social-links.tsx'

type NavItem = SiteCopy['navItems'][number]

// Its own chunk, fetched the first time a visitor opens the search (docs/search.md).
const SearchDialog = lazy(() => import('#app/search/search-dialog.tsx'))

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20" />
    </svg>
  )
}

const noSubscription = () => () => {}

const menuButton = 'size-11 items-center justify-center rounded-full border border-ink/15 text-ink'
const openIcon = <path d="M4 7h16M4 12h16M4 17h10" />
const closeIcon = <path d="M6 6l12 12M18 6L6 18" />

function MenuIcon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {children}
    </svg>
  )
}

const linkStyle = {
  // One line each: at 1024 px the bar's four links fit beside the logo and the actions only
  // with the narrower padding (wider windows get the full one).
  bar: 'whitespace-nowrap rounded-full px-2 py-2 text-base font-medium transition-colors hover:bg-paper-deep hover:text-ink xl:px-3',
  panel: 'block py-3 font-display text-3xl font-medium transition-colors hover:text-ink',
}

/** True when `to` names the page at `current` (with or without a trailing slash). */
const isCurrent = (to: string, current: string | null) =>
  current !== null && (current === to || current === `${to}/`)

function NavList({
  items,
  current,
  onNavigate,
  vertical,
}: {
  items: NavItem[]
  current: string | null
  onNavigate?: () => void
  vertical?: boolean
}) {
  const style = linkStyle[vertical ? 'panel' : 'bar']
  const links = items.flatMap((item) => {
    const active = isCurrent(item.to, current)
    const link = (
      <li key={item.to}>
        <a
          href={item.to}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          className={cn(style, active ? 'text-clay' : 'text-ink-soft')}
        >
          {item.label}
        </a>
      </li>
    )
    if (item.to !== '/about') return [link]
    // Members get "My Module" right after About Us (docs/requirements.md#header-and-footer).
    return [
      link,
      <li key="my-module" className="member-only">
        <a
          href={siteConfig.dashboardCoursesUrl}
          onClick={onNavigate}
          className={cn(style, 'text-ink-soft')}
        >
          My Module
        </a>
      </li>,
    ]
  })
  return <ul className={cn(vertical ? 'flex flex-col' : 'flex items-center gap-1')}>{links}</ul>
}

function GetAccess({ large = false, onNavigate }: { large?: boolean; onNavigate?: () => void }) {
  return (
    <a
      href={siteConfig.dashboardUrl}
      onClick={onNavigate}
      className={cn(
        'anonymous-only inline-flex items-center justify-center rounded-full bg-clay px-5 font-semibold text-paper transition-colors hover:bg-clay-deep',
        // In the header's row, a fixed width wider than the label in either font: the web font
        // swapping in would otherwise move the search and social links beside it.
        large ? 'py-3.5 text-base' : 'w-30 py-2.5 text-sm',
      )}
    >
      Get Access
    </a>
  )
}

/**
 * The header on every page, with the mobile slide-in menu: an island (app/islands/), since the
 * menu has behaviour. `current` is the page's path, or null on the not-found page, where no item
 * is the current page.
 */
export function SiteHeader({
  siteName,
  nav,
  current,
  social,
}: {
  siteName: string
  nav: NavItem[]
  current: string | null
  /** The published social links (props, as everything an island shows: docs/rendering.md). */
  social: SocialHrefs
}) {
  const [open, setOpen] = useState(false)
  // False in the prerendered HTML and while hydrating, true from the next render on.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const panelRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLAnchorElement>(null)
  const [searching, setSearching] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const openSearch = useCallback(() => {
    setOpen(false)
    setSearching(true)
  }, [])
  useSearchShortcut(openSearch)
  useMenuFocusTrap(open, panelRef, buttonRef, close)

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-ink/10 bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85">
        {/* A grid whose columns are set before their contents arrive: a slow connection paints
          the header while it is still being parsed, and in a row that shared out its free
          space, the navigation moved as the actions beside it arrived. The navigation starts
          after the logo (centred, it moved as its own links arrived); the last column is as
          wide as the actions: search and the menu button; on wide screens search, the social
          links and Get Access (members have no Get Access). */}
        <div className="mx-auto grid h-18 max-w-page grid-cols-[auto_1fr_6rem] items-center gap-x-4 px-gutter lg:grid-cols-[auto_1fr_23.5rem] lg:[html[data-visitor='member']_&]:grid-cols-[auto_1fr_15.25rem]">
          <a href="/" aria-label={`${siteName} home`} className="rounded-md">
            <Logo />
          </a>

          <nav aria-label="Main" className="hidden lg:ml-4 lg:block xl:ml-8">
            <NavList items={nav} current={current} />
          </nav>

          <HeaderActions
            social={social}
            hydrated={hydrated}
            open={open}
            searchRef={searchRef}
            buttonRef={buttonRef}
            onSearch={(event) => {
              event.preventDefault()
              openSearch()
            }}
            onToggle={() => setOpen((v) => !v)}
          />
        </div>
      </header>
      {searching && (
        <Suspense fallback={null}>
          <SearchDialog
            onClose={() => {
              setSearching(false)
              searchRef.current?.focus()
            }}
          />
        </Suspense>
      )}

      <MobileMenu
        nav={nav}
        current={current}
        social={social}
        open={open}
        hydrated={hydrated}
        panelRef={panelRef}
        close={close}
      />
    </>
  )
}

/** Search, the wide screen's social links and Get Access, and the small screen's menu button. */
function HeaderActions({
  social,
  hydrated,
  open,
  searchRef,
  buttonRef,
  onSearch,
  onToggle,
}: {
  social: SocialHrefs
  hydrated: boolean
  open: boolean
  searchRef: RefObject<HTMLAnchorElement | null>
  buttonRef: RefObject<HTMLButtonElement | null>
  onSearch: (event: MouseEvent<HTMLAnchorElement>) => void
  onToggle: () => void
}) {
  return (
    <div className="col-start-3 flex items-center gap-2 lg:gap-3">
      {/* A link to /search without JavaScript; with it, the search opens over the page. */}
      <a
        ref={searchRef}
        href="/search"
        aria-label="Search"
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={onSearch}
        className="inline-flex size-11 items-center justify-center rounded-full border border-ink/15 text-ink transition-colors hover:bg-paper-deep hover:text-clay lg:size-9 lg:border-0 lg:text-ink-soft"
      >
        <SearchIcon />
      </a>
      {/* As wide as what it holds before it holds it (five 2.25rem links with 0.25rem
        between, 0.75rem, and Get Access's 7.5rem; members have no Get Access): a slow phone
        paints while it is still parsing the header, and a row that grew as its links
        arrived moved the navigation beside it. */}
      <div className="hidden w-[20.5rem] items-center gap-3 lg:flex [html[data-visitor='member']_&]:w-[12.25rem]">
        <SocialLinks links={social} size="sm" />
        <GetAccess />
      </div>

      <button
        ref={buttonRef}
        type="button"
        className={cn(menuButton, 'hidden hydrated:max-lg:inline-flex')}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={onToggle}
      >
        <MenuIcon>{open ? closeIcon : openIcon}</MenuIcon>
      </button>
      {/* Before hydration (or without JavaScript) the menu opens and closes as the target of
        these links; once React runs, the button above replaces them. */}
      <a
        href="#mobile-menu"
        aria-label="Open menu"
        className={cn(menuButton, 'hidden max-lg:inline-flex hydrated:hidden menu-targeted:hidden')}
      >
        <MenuIcon>{openIcon}</MenuIcon>
      </a>
      <a
        href="#menu"
        aria-label="Close menu"
        className={cn(menuButton, 'hidden menu-targeted:max-lg:inline-flex')}
      >
        <MenuIcon>{closeIcon}</MenuIcon>
      </a>
    </div>
  )
}

/** The small screen's slide-in menu and the shade behind it. */
function MobileMenu({
  nav,
  current,
  social,
  open,
  hydrated,
  panelRef,
  close,
}: {
  nav: NavItem[]
  current: string | null
  social: SocialHrefs
  open: boolean
  hydrated: boolean
  panelRef: RefObject<HTMLDivElement | null>
  close: () => void
}) {
  return (
    <>
      {/* Outside <header>: its backdrop filter would make it the containing block of these
          fixed panels, and the off-canvas panel would widen the page. */}
      <div
        className={cn(
          'fixed inset-0 top-18 z-30 bg-ink/40 transition-opacity lg:hidden',
          open ? 'opacity-100' : 'pointer-events-none opacity-0',
          'menu-targeted:pointer-events-auto menu-targeted:opacity-100',
        )}
        aria-hidden="true"
        onClick={close}
      />
      <div
        id="mobile-menu"
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        // Not inert in the prerendered HTML, so that the :target fallback's links work.
        inert={hydrated && !open}
        className={cn(
          'fixed top-18 right-0 bottom-0 z-40 flex w-full max-w-sm flex-col justify-between overflow-y-auto bg-paper px-gutter py-8 shadow-card duration-300 lg:hidden',
          // Visibility switches on at once when opening (so focus can move in) and off only
          // after the slide-out when closing.
          open
            ? 'visible translate-x-0 transition-transform'
            : 'invisible translate-x-full transition-[transform,visibility]',
          'before-hydration:target:visible before-hydration:target:translate-x-0',
        )}
      >
        <nav aria-label="Mobile">
          <NavList items={nav} current={current} vertical onNavigate={close} />
        </nav>
        <div className="mt-10 flex flex-col gap-6">
          <GetAccess large onNavigate={close} />
          <SocialLinks links={social} />
        </div>
      </div>
    </>
  )
}
