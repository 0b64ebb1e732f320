import type { HomeContent } from '#common/content/pages.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'
import { DocumentaryBlock, type DocumentaryView } from './documentary-block.tsx'

type Documentaries = Omit<HomeContent['documentaries'], 'blocks'> & { blocks: DocumentaryView[] }

/** Home: the four documentaries, their clips alternating left and right. */
export function DocumentariesSection({ documentaries }: { documentaries: Documentaries }) {
  return (
    <section
      aria-labelledby="documentaries-title"
      className="bg-paper-deep py-section offscreen-1050 lg:offscreen-660"
      data-testid="documentaries"
    >
      <div className="mx-auto max-w-page px-gutter">
        <SectionHeading
          id="documentaries-title"
          eyebrow={documentaries.eyebrow}
          title={documentaries.heading}
          intro={documentaries.intro}
        />
        <div className="mt-14 space-y-20 lg:space-y-28">
          {documentaries.blocks.map((block, i) => (
            <DocumentaryBlock key={block.id} documentary={block} index={i} />
          ))}
        </div>
      </div>
    </section>
  )
}
