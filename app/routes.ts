import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('articles/:slug', 'routes/article.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('courses', 'routes/courses.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  // The pages around the forms (app/page-paths.ts, NOINDEX_PAGES): one module, copy by path.
  route('newsletter/confirm', 'routes/consent.tsx', { id: 'newsletter-confirm' }),
  route('newsletter/confirmed', 'routes/consent.tsx', { id: 'newsletter-confirmed' }),
  route('newsletter/already-confirmed', 'routes/consent.tsx', {
    id: 'newsletter-already-confirmed',
  }),
  route('newsletter/expired', 'routes/consent.tsx', { id: 'newsletter-expired' }),
  route('newsletter/invalid-link', 'routes/consent.tsx', { id: 'newsletter-invalid-link' }),
  route('newsletter/unsubscribe', 'routes/consent.tsx', { id: 'newsletter-unsubscribe' }),
  route('newsletter/unsubscribed', 'routes/consent.tsx', { id: 'newsletter-unsubscribed' }),
  route('newsletter/check-your-inbox', 'routes/consent.tsx', {
    id: 'newsletter-check-your-inbox',
  }),
  route('newsletter/subscribed', 'routes/consent.tsx', { id: 'newsletter-subscribed' }),
  route('newsletter/not-sent', 'routes/consent.tsx', { id: 'newsletter-not-sent' }),
  route('contact/sent', 'routes/consent.tsx', { id: 'contact-sent' }),
  route('contact/not-sent', 'routes/consent.tsx', { id: 'contact-not-sent' }),
  // Resource routes, prerendered to files.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('rss.xml', 'routes/rss.ts'),
] satisfies RouteConfig
