/**
 * Node's compile cache for the checks (`npm test`, `npx vitest`, `npx playwright test`): V8 keeps
 * the code it compiled in a folder, and every later Node process that loads the same files skips
 * compiling them. The tests start hundreds of Node processes (Vitest's workers, the servers and
 * the commands they run); each spends about half its start compiling the same modules. The cache
 * is keyed by each file's content and Node's version, so a stale entry is never used. It lives in
 * node_modules/.cache, which a fresh `npm ci` empties.
 */
import path from 'node:path'

export const COMPILE_CACHE_DIR = path.resolve(import.meta.dirname, '../node_modules/.cache/node')

/** This process's children use the cache (unless NODE_COMPILE_CACHE already names one). */
export function useCompileCache() {
  process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR
}
