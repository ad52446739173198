import { after } from "next/server";

/**
 * Runs `task` once the response has been sent (Next's `after()`), so a slow side channel
 * (e.g. telling Inngest about new gifts) doesn't hold the caller's request. Outside a Next
 * request (route handlers called directly, scripts), `after()` is unavailable: the task runs
 * now and is awaited. Its failures are the task's to handle.
 */
export function afterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
    return Promise.resolve();
  } catch {
    return task();
  }
}
