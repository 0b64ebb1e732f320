/**
 * The staff app's pages, under /admin. Each page that needs data loads it from the back office's
 * API in its loader; the server decides who may see what (a 403 shows "Not available to you").
 * A new area adds its routes to `areas` and its menu entry on the server (backOffice.page in its
 * admin-routes.ts). The editors (an article's, a page's), the history and the media library are
 * loaded when first opened (`lazy`): the rest of the back office does not carry Tiptap or zod.
 */
import type { RouteObject } from 'react-router'
import { Layout } from './components/layout.tsx'
import { Loading } from './components/ui.tsx'
import { AccountPage, accountLoader } from './pages/account.tsx'
import { ArticlesPage, articlesLoader } from './pages/articles.tsx'
import { ContentPagesPage, contentPagesLoader } from './pages/content-pages.tsx'
import { AuditPage, auditLoader } from './pages/audit.tsx'
import { forgetAction, ForgetPage, forgetLoader } from './pages/forget.tsx'
import { messageAction, MessagePage, messageLoader } from './pages/message.tsx'
import { MessagesPage, messagesLoader } from './pages/messages.tsx'
import { lettersAction, lettersLoader, NewsletterPage } from './pages/newsletter.tsx'
import { letterAction, letterLoader, NewsletterLetterPage } from './pages/newsletter-letter.tsx'
import {
  episodeAction,
  episodeLoader,
  EpisodePage,
  episodeShouldRevalidate,
  newEpisodeLoader,
} from './pages/episode.tsx'
import { OverviewPage, overviewLoader } from './pages/overview.tsx'
import { PodcastPage, podcastLoader } from './pages/podcast.tsx'
import { PodcastShowPage, showAction, showLoader } from './pages/podcast-show.tsx'
import { notFoundLoader, RouteError } from './pages/route-error.tsx'
import { SignInPage } from './pages/sign-in.tsx'
import { StaffPage, staffAction, staffLoader } from './pages/staff.tsx'
import { SubscribersPage, subscribersAction, subscribersLoader } from './pages/subscribers.tsx'
import { WelcomePage } from './pages/welcome.tsx'
import { SESSION_ROUTE, sessionLoader } from './session.ts'

/** The pages of each area of the back office, inside the signed-in layout. */
const areas: RouteObject[] = [
  { index: true, loader: overviewLoader, element: <OverviewPage /> },
  { path: 'messages', loader: messagesLoader, element: <MessagesPage /> },
  {
    path: 'messages/:id',
    loader: messageLoader,
    action: messageAction,
    element: <MessagePage />,
  },
  {
    path: 'subscribers',
    loader: subscribersLoader,
    action: subscribersAction,
    element: <SubscribersPage />,
  },
  {
    path: 'newsletter',
    loader: lettersLoader,
    action: lettersAction,
    element: <NewsletterPage />,
  },
  {
    path: 'newsletter/:id',
    loader: letterLoader,
    action: letterAction,
    element: <NewsletterLetterPage />,
  },
  { path: 'podcast', loader: podcastLoader, element: <PodcastPage /> },
  {
    path: 'podcast/new',
    loader: newEpisodeLoader,
    action: episodeAction,
    shouldRevalidate: episodeShouldRevalidate,
    element: <EpisodePage key="new" />,
  },
  {
    path: 'podcast/episodes/:id',
    loader: episodeLoader,
    action: episodeAction,
    shouldRevalidate: episodeShouldRevalidate,
    element: <EpisodePage />,
  },
  { path: 'podcast/show', loader: showLoader, action: showAction, element: <PodcastShowPage /> },
  { path: 'forget', loader: forgetLoader, action: forgetAction, element: <ForgetPage /> },
  { path: 'staff', loader: staffLoader, action: staffAction, element: <StaffPage /> },
  { path: 'audit', loader: auditLoader, element: <AuditPage /> },
  { path: 'account', loader: accountLoader, element: <AccountPage /> },
  { path: 'articles', loader: articlesLoader, element: <ArticlesPage /> },
  { path: 'articles/:id', lazy: () => import('./pages/article-editor.tsx') },
  { path: 'articles/:id/history', lazy: () => import('./pages/history.tsx') },
  { path: 'pages', loader: contentPagesLoader, element: <ContentPagesPage /> },
  { path: 'pages/:name', lazy: () => import('./pages/page-editor.tsx') },
  { path: 'pages/:name/history', lazy: () => import('./pages/history.tsx') },
  { path: 'media', lazy: () => import('./pages/media.tsx') },
  { path: '*', loader: notFoundLoader, element: null },
]

export const routes: RouteObject[] = [
  { path: 'sign-in', element: <SignInPage /> },
  { path: 'welcome', element: <WelcomePage /> },
  {
    id: SESSION_ROUTE,
    path: '/',
    loader: sessionLoader,
    element: <Layout />,
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: areas }],
  },
]
