/**
 * Test helper: the environment of a Node process a test starts (a server, a command). It has the
 * settings the test gives it and, of this process's environment, only the PATH (to find npm,
 * nginx, ffmpeg) and Node's compile cache (scripts/compile-cache.ts), so that what the process
 * does depends on the test alone.
 */
export function childEnv(
  env: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
    ...env,
  }
}
