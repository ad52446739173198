/**
 * Lets the event loop run timers and I/O (other requests) before going on. A Node instance is one
 * thread: long work on one request awaits this every so often, so others are served in between.
 */
export const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many items (recipients, CSV rows) a loop validates between two yields: about 10 ms of work. */
export const ITEMS_PER_YIELD = 100;

/**
 * After a step that held the database for `heldMs`, leaves it to other requests for as long (at
 * most 50 ms) before the next: on the embedded PGlite (one connection) steps run back to back
 * would have each statement of another request wait for a whole step.
 */
export const leaveTheDatabase = (heldMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.min(heldMs, 50))));
