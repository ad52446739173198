import { afterEach, expect } from "vitest";

// node-postgres warns (once per process) when a query is sent on a connection that is still
// running another: it becomes an error in pg 9 (see oneQueryAtATime in lib/database/open.ts).
// Here the warning fails the test that caused it. Files share a worker (vitest.config.ts
// `isolate: false`): the listener is registered once per worker.
const holder = globalThis as unknown as { __ribbonOverlapping?: string[] };
const overlapping = (holder.__ribbonOverlapping ??= (() => {
  const found: string[] = [];
  process.on("warning", (warning) => {
    if (warning.message.includes("already executing a query")) found.push(warning.stack ?? warning.message);
  });
  return found;
})());

afterEach(() => {
  expect(overlapping.splice(0), "node-postgres: overlapping queries on one connection").toEqual([]);
});
