import { devices } from '@playwright/test'
import { E2E_PORT } from './ports.ts'

/**
 * Where every end-to-end test starts: desktop Chrome at 1440 px, on the test server, as a visitor
 * who asked for reduced motion. The home and About pages' videos play by themselves otherwise, and
 * a headless browser decodes and paints them in software: about half a core for as long as the
 * page is open (measured here: 5-6 CPU-seconds in 10 s on /, 3 on /about, 0-1 with reduced motion),
 * behind tests about something else. The specs about motion and what a visitor's first load costs
 * ask for `reducedMotion: 'no-preference'` (pages, performance, podcast).
 */
export const DESKTOP = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  reducedMotion: 'reduce' as const,
  baseURL: `http://127.0.0.1:${E2E_PORT}`,
}
