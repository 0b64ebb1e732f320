/**
 * Versioned migrations, applied in key order at start-up. Never edit one that has shipped: add a
 * new one. Each must work on SQLite and PostgreSQL (use Kysely's schema builder, not raw SQL).
 */
import type { Migration } from 'kysely/migration'
import { catalogueMigration } from './001-catalogue.ts'
import { contactMessagesMigration } from './100-contact-messages.ts'
import { newsletterSubscribersMigration } from './101-newsletter-subscribers.ts'
import { newsletterConsentMigration } from './102-newsletter-consent.ts'
import { newsletterUnsubscribeHashesMigration } from './103-newsletter-unsubscribe-hashes.ts'
import { rateLimitMigration } from './200-rate-limit.ts'
import { staffMigration } from './300-staff.ts'
import { contactInboxMigration } from './301-contact-inbox.ts'
import { staffConfirmationMigration } from './302-staff-confirmation.ts'
import { contentMigration } from './400-content.ts'
import { mediaMigration } from './450-media.ts'
import { newsletterLettersMigration } from './500-newsletter-letters.ts'
import { searchMigration } from './510-search.ts'
import { newsletterAnnouncementsMigration } from './520-newsletter-announcements.ts'
import { contactToCheckMigration } from './530-contact-to-check.ts'

export const migrations: Record<string, Migration> = {
  '001-catalogue': catalogueMigration,
  '100-contact-messages': contactMessagesMigration,
  '101-newsletter-subscribers': newsletterSubscribersMigration,
  '102-newsletter-consent': newsletterConsentMigration,
  '103-newsletter-unsubscribe-hashes': newsletterUnsubscribeHashesMigration,
  '200-rate-limit': rateLimitMigration,
  '300-staff': staffMigration,
  '301-contact-inbox': contactInboxMigration,
  '302-staff-confirmation': staffConfirmationMigration,
  '400-content': contentMigration,
  '450-media': mediaMigration,
  '500-newsletter-letters': newsletterLettersMigration,
  '510-search': searchMigration,
  '520-newsletter-announcements': newsletterAnnouncementsMigration,
  '530-contact-to-check': contactToCheckMigration,
}
