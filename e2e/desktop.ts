import { devices } from '@playwright/test'
import { E2E_PORT } from './ports.ts'

/** Where every end-to-end test starts: desktop Chrome at 1440 px, on the test server. */
export const DESKTOP = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  baseURL: `http://127.0.0.1:${E2E_PORT}`,
}
