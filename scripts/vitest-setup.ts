/**
 * Vitest setup for every test file. Property tests (fast-check) explore new random cases on a
 * developer's machine; under CI they replay one fixed seed, so that a green commit stays green
 * and a red one is red for a reason in the commit. A counterexample found locally prints its
 * seed and path: add it to the test as a fixed case.
 */
import fc from 'fast-check'

if (process.env.CI) fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261126) })
