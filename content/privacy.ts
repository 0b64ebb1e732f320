/**
 * The privacy notice at /privacy: what the contact form and the newsletter keep, why, for how
 * long, who sees it and how to leave or be forgotten. The deletion request address is the site's
 * info e-mail (app/config.ts), added by the page itself. Keep this text in step with the server's
 * retention settings (README, Configuration) when they change.
 */
import type { PrivacyPageContent } from './schema.ts'

export const privacyPage = {
  banner: 'Privacy',
  eyebrow: 'Your data, plainly',
  description:
    'What DocuCommons keeps when you write to us or join the newsletter, why, for how long, who sees it, and how to leave the list or have your details deleted.',
  intro: [
    'We are a small nonprofit, and we would rather tell you exactly what happens to your details than hide it in legal language. This page covers the two places on this site where you can give us anything: the contact form and the newsletter sign-up.',
    'We do not sell, rent or trade anyone’s details, and we never will.',
  ],
  updated: 'November 2026',
  sections: [
    {
      id: 'what-we-keep',
      heading: 'What we keep',
      paragraphs: ['Only what you type into one of our two forms, and a note of when it arrived.'],
      items: [
        'When you write to us: your name, your email address, your website if you give one, and your message.',
        'When you join the newsletter: your email address, the time you agreed to receive it and where you signed up (for example “the newsletter form in the site footer”), and the time you confirmed.',
      ],
    },
    {
      id: 'why',
      heading: 'Why we keep it',
      paragraphs: [
        'A message is kept so that a person on our team can read it and write back to you. A newsletter address is kept so that we can send you the newsletter you asked for, and so that we can show, if anyone ever asks, that you asked for it.',
        'We use your details for nothing else: no advertising, no profiles, no lists shared with partners.',
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      paragraphs: [],
      items: [
        'Messages our spam filter catches are deleted after 30 days.',
        'A newsletter sign-up that is never confirmed is deleted one day after its confirmation link expires.',
        'Contact messages are kept until we delete them, so that we can look back at a conversation when you write again. If our organization sets a shorter retention period, they are deleted automatically when it ends.',
        'A confirmed newsletter address is kept for as long as you stay subscribed.',
      ],
    },
    {
      id: 'who-sees-it',
      heading: 'Who sees it',
      paragraphs: [
        'Your message is forwarded to our staff mailbox, where the people who answer our mail read it. Our mail server carries that message and every newsletter on its way, as any mail server does. Nobody else receives your details from us.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and tracking',
      paragraphs: [
        'This site sets no tracking or advertising cookies and runs no analytics that follow you around. The one cookie you may notice, authorizedDocu, is set by our members’ dashboard when you sign in there; this site only reads it to show members a link to their courses.',
        'Your browser’s storage holds one note from this site, docucommons:fonts: which version of our typefaces it has already downloaded, so that the next page shows them straight away. It says nothing about you, and clearing your browser’s site data removes it.',
      ],
    },
    {
      id: 'unsubscribe',
      heading: 'Leaving the newsletter',
      paragraphs: [
        'Every newsletter we send ends with an unsubscribe link. One click on it, and one press of the button it opens, takes you off the list straight away. Many mail apps also show an “Unsubscribe” button at the top of our mails: that works too, in one click. You can sign up again whenever you like.',
      ],
    },
  ],
  deletion: {
    heading: 'Asking us to delete your details',
    paragraphs: [
      'Write to us from the address you used and ask us to forget you. We delete every message and every newsletter sign-up stored under that address, including mail still waiting to be sent, and we write back to tell you it is done.',
    ],
    emailLabel: 'Write to',
  },
} satisfies PrivacyPageContent
