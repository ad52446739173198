/**
 * Tests wait for effects, never for fixed times: a busy machine (five engineers' test runs on
 * two cores) makes any fixed time too short sooner or later.
 */

/**
 * How long a test lets something that should answer at once (a loopback webhook receiver, a
 * local server) take before calling it a failure. Generous on purpose: it only bounds a
 * failing test, it never decides a passing one. A test of a timeout sets its own short one
 * against a peer that never answers.
 */
export const PATIENT_MS = 30_000;

/**
 * Polls `check` until it returns something other than false, null or undefined, and returns
 * that; throws after `timeoutMs` (PATIENT_MS) naming `what`.
 */
export async function waitFor<T>(
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  { timeoutMs = PATIENT_MS, intervalMs = 25, what = "the condition" } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== false && result !== null && result !== undefined) return result;
    if (Date.now() > until) throw new Error(`${what} was not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
