import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('articles/:slug', 'routes/article.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('courses', 'routes/courses.tsx'),
  // Resource routes, prerendered to files.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('rss.xml', 'routes/rss.ts'),
] satisfies RouteConfig
