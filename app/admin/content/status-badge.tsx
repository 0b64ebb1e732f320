/** An article's state as a badge: draft, scheduled, published. */
import type { ContentStatus } from '#common/content-admin.ts'
import { Badge } from '#app/admin/components/ui.tsx'

export const STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
}

export function StatusBadge({ status }: { status: ContentStatus }) {
  return (
    <Badge tone={status === 'published' ? 'good' : status === 'scheduled' ? 'new' : 'quiet'}>
      {STATUS_LABELS[status]}
    </Badge>
  )
}
