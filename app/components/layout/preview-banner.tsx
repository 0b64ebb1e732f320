/**
 * Above a staff member's preview of unpublished changes (the back office's preview, never a page
 * visitors get): says what the page is, in the site's own type, and stays out of the way.
 */
export function PreviewBanner() {
  return (
    <p
      role="status"
      className="bg-gold px-gutter py-2 text-center text-sm font-semibold text-ink"
      data-testid="preview-banner"
    >
      Preview of unpublished changes: visitors do not see this page yet.
    </p>
  )
}
