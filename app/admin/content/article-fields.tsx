/**
 * An article's fields besides its text (its front matter): what the card on /articles shows,
 * who the profile is about, the byline and date, the series, the pictures and the organisation.
 * Checked as the writer types by the site's own schema (`articleFrontmatter`); the server's
 * messages win where it gave one.
 */
import {
  ARTICLE_COLORS,
  type ArticleColor,
  type ArticleDraft,
} from '#common/content/article-draft.ts'
import { articleFrontmatter } from '#common/content/articles.ts'
import type { SeriesId } from '#common/content/pages.ts'
import { Card, Field, SelectField, TextAreaField } from '#app/admin/components/ui.tsx'
import { PictureField } from './picture-field.tsx'
import { fieldProblems } from './validation.ts'

/** The front matter as the form holds it: every text present, the optional parts as written. */
export type ArticleData = ArticleDraft

/** What the article's form calls its fields, where the usual words would not say it. */
export const ARTICLE_FIELD_LABELS: Record<string, string> = {
  name: 'Who it is about',
  location: 'Place on the card',
  date: 'Date shown',
  bannerTitle: 'Banner',
  'cover.image': 'Cover picture',
  'cover.alt': 'Cover alt text',
  'organization.name': 'Organisation name',
  'organization.url': 'Organisation website',
}

const COLOR_LABELS: Record<ArticleColor, string> = {
  clay: 'Clay',
  teal: 'Teal',
  plum: 'Plum',
  gold: 'Gold',
}

/**
 * Messages for each field: the schema's, with the wording a writer needs for an empty picture,
 * and the server's over them.
 */
export function articleProblems(
  data: ArticleData,
  server: Record<string, string>,
): Record<string, string> {
  const problems = fieldProblems(articleFrontmatter, data)
  if (!data.portrait) problems['portrait'] = 'Choose a portrait for the article’s card.'
  if (!data.cover?.image) problems['cover.image'] = 'Choose the cover picture.'
  if (data.cover?.image && !data.cover.alt.trim())
    problems['cover.alt'] = 'Describe the cover picture for people who cannot see it.'
  return { ...problems, ...server }
}

type ArticleChange = (update: (data: ArticleData) => ArticleData) => void

/** What every section of the fields is given: the data, its change, and field bindings. */
interface SectionProps {
  data: ArticleData
  onChange: ArticleChange
  /** The message to show for a field, if any. */
  error: (field: string) => string | undefined
  /** Value, message and change of a plain text field. */
  text: (field: keyof ArticleData) => {
    value: string
    error: string | undefined
    onChange: (event: { target: { value: string } }) => void
  }
}

/** What /articles and the home page show about the article. */
function CardSection({
  data,
  onChange,
  error,
  text,
  series,
}: SectionProps & { series: { id: SeriesId; title: string }[] }) {
  return (
    <Card aria-labelledby="card-fields" className="mt-8">
      <h2 id="card-fields" className="mb-1 font-display text-2xl font-semibold">
        The article’s card
      </h2>
      <p className="mb-5 text-ink-soft">What /articles and the home page show about it.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Card title"
          hint="At most 80 characters."
          maxLength={80}
          {...text('cardTitle')}
        />
        <SelectField
          label="Series"
          value={data.series}
          error={error('series')}
          onChange={(event) => onChange((now) => ({ ...now, series: event.target.value }))}
        >
          {series.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          className="sm:col-span-2"
          label="Summary"
          hint="One or two sentences for the card, search engines and shares. At most 200 characters."
          maxLength={200}
          {...text('summary')}
        />
        <Field label="Place on the card" hint="Short, e.g. “Omaha, NE”." {...text('location')} />
        <SelectField
          label="Card colour"
          value={data.color ?? ''}
          error={error('color')}
          onChange={(event) =>
            onChange((now) => {
              const { color: _, ...rest } = now
              const color = ARTICLE_COLORS.find((name) => name === event.target.value)
              return color ? { ...rest, color } : rest
            })
          }
        >
          <option value="">The series’ colour</option>
          {ARTICLE_COLORS.map((color) => (
            <option key={color} value={color}>
              {COLOR_LABELS[color]}
            </option>
          ))}
        </SelectField>
      </div>
    </Card>
  )
}

/** Who the profile is about, the byline and date, and their organisation. */
function AboutSection({ data, onChange, error, text }: SectionProps) {
  const organization = data.organization ?? { name: '', url: '' }
  const setOrganization = (change: Partial<{ name: string; url: string }>) =>
    onChange((now) => {
      const next = { ...(now.organization ?? { name: '', url: '' }), ...change }
      const { organization: _, ...rest } = now
      return next.name || next.url ? { ...rest, organization: next } : rest
    })
  return (
    <Card aria-labelledby="about-fields" className="mt-6">
      <h2 id="about-fields" className="mb-5 font-display text-2xl font-semibold">
        About the profile
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Who it is about" hint="Their full name." {...text('name')} />
        <Field
          label="City"
          hint="As the article says it, e.g. “Omaha, Nebraska”."
          {...text('city')}
        />
        <Field label="Byline" hint="e.g. “Words by Ruth Ann Delacroix”." {...text('byline')} />
        <Field label="Date shown" type="date" {...text('date')} />
        <Field
          label="Banner"
          hint="The line above the headline, usually the series."
          {...text('bannerTitle')}
        />
      </div>
      <fieldset className="mt-6 grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Their organisation (optional)</legend>
        <Field
          label="Organisation name"
          value={organization.name}
          error={error('organization.name')}
          onChange={(event) => setOrganization({ name: event.target.value })}
        />
        <Field
          label="Organisation website"
          hint="https://…"
          inputMode="url"
          value={organization.url}
          error={error('organization.url')}
          onChange={(event) => setOrganization({ url: event.target.value })}
        />
      </fieldset>
    </Card>
  )
}

/** The portrait on the card and the cover at the top of the article. */
function PicturesSection({ data, onChange, error }: SectionProps) {
  return (
    <Card aria-labelledby="picture-fields" className="mt-6">
      <h2 id="picture-fields" className="mb-5 font-display text-2xl font-semibold">
        Pictures
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        <PictureField
          label="Portrait"
          hint="On the article’s card."
          image={data.portrait}
          onChange={({ image }) => onChange((now) => ({ ...now, portrait: image }))}
          errors={{ image: error('portrait') }}
        />
        <PictureField
          label="Cover"
          hint="At the top of the article and when it is shared."
          image={data.cover.image}
          alt={data.cover.alt}
          focalPoint
          onChange={({ image, alt }) =>
            onChange((now) => ({ ...now, cover: { image, alt: alt ?? now.cover.alt } }))
          }
          errors={{ image: error('cover.image'), alt: error('cover.alt') }}
        />
      </div>
    </Card>
  )
}

export function ArticleFields({
  data,
  onChange,
  problems,
  shown,
  series,
}: {
  data: ArticleData
  onChange: ArticleChange
  problems: Record<string, string>
  /** Which fields' messages to show: those touched, or all after a refused save. */
  shown: (field: string) => boolean
  series: { id: SeriesId; title: string }[]
}) {
  const error = (field: string) => (shown(field) ? problems[field] : undefined)
  const text = (field: keyof ArticleData) => ({
    value: String(data[field] ?? ''),
    error: error(field),
    onChange: (event: { target: { value: string } }) =>
      onChange((now) => ({ ...now, [field]: event.target.value })),
  })
  const section = { data, onChange, error, text }

  return (
    <>
      <CardSection {...section} series={series} />
      <AboutSection {...section} />
      <PicturesSection {...section} />
    </>
  )
}
