/**
 * What each section of the back office's menu is for, by its path, as the Overview says it.
 * The menu itself is the server's (each feature registers its pages); server/staff/sections.test.ts
 * walks that menu for every role and fails for a section without a sentence here, so a new
 * section cannot reach the menu undescribed.
 */
export const SECTION_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/messages': 'Read what visitors sent through the contact form, reply and keep track.',
  '/newsletter':
    'Write a letter, or make one from an episode, an article or the week; test it, then send.',
  '/subscribers': 'See who receives the newsletter, download the list, unsubscribe on request.',
  '/forget': 'Erase everything stored about a person who asks for it.',
  '/articles': 'Write, preview, publish or schedule the profiles on /articles.',
  '/podcast':
    'Prepare episodes with their audio, transcript and artwork; publish or schedule them, and set up the show.',
  '/pages': 'Change any text, list or picture of the pages, and the site’s contact details.',
  '/media': 'Upload pictures, describe them, choose the focal point of covers.',
  '/staff': 'Invite colleagues, change roles, send a new link to someone locked out.',
  '/audit': 'Who did what, and when.',
  '/account': 'Your passkeys and where you are signed in.',
}
