/** What a visitor sees when a route fails or a page does not exist (docs/requirements.md#pages, docs/requirements.md#errors). */
export function ErrorScreen({ message, detail }: { message: string; detail?: string }) {
  return (
    <section
      className="mx-auto flex max-w-reading flex-col items-start px-gutter py-section"
      aria-labelledby="error-title"
    >
      <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
        Something went wrong
      </p>
      <h1 id="error-title" className="mt-3 text-title font-semibold">
        Unexpected Application Error!
      </h1>
      <p
        className="mt-6 rounded-xl border border-danger/25 bg-danger-soft px-5 py-4 font-mono text-danger"
        role="alert"
      >
        {message}
      </p>
      {detail && (
        <pre className="mt-4 max-w-full overflow-x-auto text-xs text-ink-soft">{detail}</pre>
      )}
      <p className="mt-8 text-ink-soft">
        The page may have moved, or something failed on our side. You can start again from the home
        page or read our latest profiles.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href="/"
          className="rounded-full bg-ink px-5 py-2.5 font-semibold text-paper hover:bg-ink-soft"
        >
          Go to the home page
        </a>
        <a
          href="/articles"
          className="rounded-full border border-ink/20 px-5 py-2.5 font-semibold hover:bg-paper-deep"
        >
          Read the articles
        </a>
      </div>
    </section>
  )
}
