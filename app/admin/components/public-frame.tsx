/** The frame of the pages before signing in: the logo and one card in the middle. */
import type { ReactNode } from 'react'
import { Logo } from '#app/components/ui/logo.tsx'

export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-paper px-4 py-10 text-ink sm:justify-center">
      <header className="mb-8">
        <Logo />
      </header>
      <main
        id="main"
        className="w-full max-w-md rounded-card bg-white/70 p-6 shadow-card ring-1 ring-ink/5 sm:p-8"
      >
        {children}
      </main>
      <p className="mt-6 text-sm text-ink-soft">DocuCommons back office · for staff only</p>
    </div>
  )
}
