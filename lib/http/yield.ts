/**
 * Lets the event loop run timers and I/O (other requests) before going on. A Node instance is one
 * thread: long work on one request awaits this every so often, so others are served in between.
 */
export const otherWorkFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many items (recipients, CSV rows) a loop validates between two yields: about 10 ms of work. */
export const ITEMS_PER_YIELD = 100;
