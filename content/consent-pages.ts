/**
 * The small pages around the two forms: the newsletter's confirm and unsubscribe pages (each one
 * button that posts), and the pages the server sends a visitor to after a form was posted
 * without JavaScript or a link from one of our mails was used. Keyed by the page's path; the
 * paths are listed in app/page-paths.ts. None of them is in the sitemap.
 */
import { CONTACT_LIMITS } from '#common/contact-constants.ts'
import type { ConsentPagesContent } from './schema.ts'

const SIGN_UP_AGAIN = { to: '#newsletter-email', label: 'Sign up again' }
const BACK_HOME = { to: '/', label: 'Back to the home page' }
const READ_STORIES = { to: '/articles', label: 'Read the latest stories' }
const PRIVACY = { to: '/privacy', label: 'How we handle your details' }

export const consentPages = {
  '/newsletter/confirm': {
    kind: 'form',
    title: 'Confirm your subscription',
    eyebrow: 'Newsletter',
    description:
      'One last step: confirm that you would like to receive the DocuCommons newsletter.',
    heading: 'One last step',
    body: [
      'Someone, we hope you, asked for the DocuCommons newsletter to be sent to this address. Press the button below and it will be.',
    ],
    points: [
      {
        title: 'What you will receive',
        text: 'New profiles of community changemakers, new episodes of The Daily Commons and new courses, with a short note from our team.',
      },
      {
        title: 'How often',
        text: 'About once a month. Never more than twice.',
      },
      {
        title: 'How to leave',
        text: 'Every newsletter ends with an unsubscribe link: one click and you are off the list.',
      },
    ],
    button: 'Confirm my subscription',
    actions: [PRIVACY],
  },
  '/newsletter/confirmed': {
    kind: 'notice',
    title: 'Subscription confirmed',
    eyebrow: 'Newsletter',
    description: 'Your DocuCommons newsletter subscription is confirmed.',
    heading: 'You are on the list. Thank you!',
    body: [
      'Your subscription is confirmed. The next newsletter will arrive in your inbox in the coming weeks.',
      'If you ever want to stop, the unsubscribe link at the bottom of every newsletter takes you off the list in one click.',
    ],
    actions: [READ_STORIES, BACK_HOME],
  },
  '/newsletter/already-confirmed': {
    kind: 'notice',
    title: 'Already confirmed',
    eyebrow: 'Newsletter',
    description: 'This DocuCommons newsletter subscription was already confirmed.',
    heading: 'You had already confirmed',
    body: [
      'This subscription was confirmed earlier, so there is nothing more to do: the newsletter will keep coming about once a month.',
    ],
    actions: [READ_STORIES, BACK_HOME],
  },
  '/newsletter/expired': {
    kind: 'notice',
    title: 'Confirmation link expired',
    eyebrow: 'Newsletter',
    description: 'This newsletter confirmation link has expired.',
    heading: 'This link has expired',
    body: [
      'Confirmation links only work for a limited time, so that an address nobody confirmed does not stay on our list. We have not added you.',
      'If you would still like the newsletter, sign up again with the form at the bottom of this page and we will send you a fresh link.',
    ],
    actions: [SIGN_UP_AGAIN, BACK_HOME],
  },
  '/newsletter/invalid-link': {
    kind: 'notice',
    title: 'Link not recognised',
    eyebrow: 'Newsletter',
    description: 'This newsletter link is not valid.',
    heading: 'We do not recognise this link',
    body: [
      'The link may have been cut short when it was copied, or it may belong to a sign-up that was removed. Nothing has changed on our side.',
      'To join the newsletter, sign up again with the form at the bottom of this page. If this keeps happening, write to us and we will sort it out.',
    ],
    actions: [SIGN_UP_AGAIN, { to: '/contact', label: 'Write to us' }],
  },
  '/newsletter/unsubscribe': {
    kind: 'form',
    title: 'Unsubscribe',
    eyebrow: 'Newsletter',
    description: 'Stop receiving the DocuCommons newsletter.',
    heading: 'Leave the newsletter?',
    body: [
      'Press the button below and we will stop sending the newsletter to this address straight away. No questions, no further mail.',
    ],
    points: [
      {
        title: 'What stops',
        text: 'The monthly newsletter. We do not send any other mail to newsletter readers.',
      },
      {
        title: 'Changed your mind later?',
        text: 'You can sign up again at any time from the bottom of any page on this site.',
      },
    ],
    button: 'Unsubscribe',
    actions: [PRIVACY],
  },
  '/newsletter/unsubscribed': {
    kind: 'notice',
    title: 'Unsubscribed',
    eyebrow: 'Newsletter',
    description: 'You will no longer receive the DocuCommons newsletter.',
    heading: 'You are off the list',
    body: [
      'We will not send the newsletter to this address again. Thank you for reading it while you did.',
      'If you miss it one day, you are welcome back: sign up again with the form at the bottom of any page and confirm the link we send you.',
    ],
    actions: [SIGN_UP_AGAIN, BACK_HOME],
  },
  '/newsletter/check-your-inbox': {
    kind: 'notice',
    title: 'Check your inbox',
    eyebrow: 'Newsletter',
    description: 'We have sent you a link to confirm your newsletter subscription.',
    heading: 'Please check your inbox',
    body: [
      'Thank you for signing up! We have sent you an email with a link. Open it and press “Confirm my subscription” to start receiving the newsletter.',
      'Nothing arrived after a few minutes? Look in your spam or promotions folder. Until you confirm, we send you nothing else, and an unconfirmed sign-up is deleted after a few days.',
    ],
    actions: [READ_STORIES, PRIVACY],
  },
  '/newsletter/subscribed': {
    kind: 'notice',
    title: 'Subscribed',
    eyebrow: 'Newsletter',
    description: 'You are subscribed to the DocuCommons newsletter.',
    heading: 'Thank you for subscribing!',
    body: [
      'You are subscribed to the DocuCommons newsletter. It arrives about once a month, and every issue ends with a link to unsubscribe in one click.',
    ],
    actions: [READ_STORIES, PRIVACY],
  },
  '/contact/sent': {
    kind: 'notice',
    title: 'Message sent',
    eyebrow: 'Contact us',
    description: 'Your message to DocuCommons was received.',
    heading: 'Response Submitted!',
    body: [
      'Thank you for writing to us. Your message is with our team now.',
      'A person, not a machine, will read it and reply by email, usually within a few working days. If your question is urgent, you are welcome to call us as well.',
    ],
    actions: [READ_STORIES, BACK_HOME],
  },
  '/contact/not-sent': {
    kind: 'not-sent',
    title: 'Message not sent',
    eyebrow: 'Contact us',
    description:
      'Your message could not be sent. Here is what each field of the contact form needs.',
    heading: 'Your message was not sent yet',
    body: [
      'Something in the form needs another look. Nothing is lost: go back with your browser’s back button and your text will usually still be there.',
    ],
    fieldsHeading: 'What each field needs',
    fields: [
      {
        name: 'name',
        label: 'Name',
        rule: `Required. One line, up to ${CONTACT_LIMITS.name} characters.`,
      },
      {
        name: 'email',
        label: 'Email',
        rule: `Required. A full address such as name@example.org, up to ${CONTACT_LIMITS.email} characters.`,
      },
      {
        name: 'website',
        label: 'Website',
        rule: `Optional. If you give one, it starts with http:// or https://, up to ${CONTACT_LIMITS.website} characters.`,
      },
      {
        name: 'message',
        label: 'Message',
        rule: `Optional. Up to ${CONTACT_LIMITS.message} characters.`,
      },
    ],
    flagged: 'Please check this one',
    rateLimit:
      'If you sent several messages in a short time, our server asks you to wait a few minutes before the next one. That protects us from spam; please try again a little later.',
    actions: [
      { to: '/contact', label: 'Back to the contact form' },
      { to: '/privacy', label: 'How we handle your details' },
    ],
  },
  '/newsletter/not-sent': {
    kind: 'not-sent',
    title: 'Sign-up not sent',
    eyebrow: 'Newsletter',
    description: 'Your newsletter sign-up could not be sent. Here is what the form needs.',
    heading: 'Your sign-up did not go through',
    body: [
      'We could not add you to the newsletter this time. Please check your address and try again with the form at the bottom of this page.',
    ],
    fieldsHeading: 'What the form needs',
    fields: [
      {
        name: 'email',
        label: 'Your email address',
        rule: `Required. A full address such as name@example.org, up to ${CONTACT_LIMITS.email} characters.`,
      },
    ],
    flagged: 'Please check this one',
    rateLimit:
      'If you signed up several times in a short time, our server asks you to wait a few minutes before trying again. That protects us from spam.',
    actions: [SIGN_UP_AGAIN, PRIVACY],
  },
} satisfies ConsentPagesContent
