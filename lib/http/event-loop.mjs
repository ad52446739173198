// The event loop's health, one home: how late it runs (perf_hooks.monitorEventLoopDelay, for the
// health endpoint's p99 and max) and which requests were in flight when it was blocked (logged,
// once per 10 s at most). scripts/http-guard.mjs starts it in the production server and tells it
// about every request; app/api/health/route.ts reads it. docs/operations.md#event-loop.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { loggedPath } from "./log-path.mjs";

/** A block this long (ms) is logged with the routes in flight. */
export const BLOCK_LOG_MS = 200;
/** At most one block log line per this many ms (the others are still counted and listed). */
export const LOG_EVERY_MS = 10_000;
/** Lags this long (ms) are kept in the health endpoint's list of recent stalls. */
export const STALL_KEEP_MS = 50;
/** The health endpoint's figures cover this many seconds, as slices of SLICE_S. */
export const WINDOW_S = 60;
const SLICE_S = 10;
const TICK_MS = 50;
const KEEP_STALLS = 50;

/**
 * What a log line names a request by: method and path as lib/http/log-path.mjs lets a log carry
 * it (no query string, no address, secret segments such as an untie link's token as `:token`).
 * @param {string} method
 * @param {string} url
 */
export function routeOf(method, url) {
  return `${method} ${loggedPath(url)}`;
}

/**
 * The block detector, without timers: `observe(lagMs)` is told how late a tick ran. A lag of
 * `blockMs` or more is a block: it is logged with the routes that were in flight during it,
 * unless a block was logged less than `logEveryMs` ago. Lags of `keepMs` or more are kept (the
 * newest KEEP_STALLS) for the health endpoint.
 * @param {{ routes: () => string[], log: (line: string) => void, now?: () => number, wallClock?: () => number,
 *   blockMs?: number, logEveryMs?: number, keepMs?: number }} options
 */
export function createBlockDetector({
  routes,
  log,
  now = () => performance.now(),
  wallClock = () => Date.now(),
  blockMs = BLOCK_LOG_MS,
  logEveryMs = LOG_EVERY_MS,
  keepMs = STALL_KEEP_MS,
}) {
  /** @type {{ at: string, ms: number, routes: string[] }[]} */
  const stalls = [];
  let lastLogged = -Infinity;
  let blocks = 0;
  let unlogged = 0;
  return {
    /** @param {number} lagMs */
    observe(lagMs) {
      if (lagMs < keepMs) return;
      const inFlight = routes();
      stalls.push({ at: new Date(wallClock()).toISOString(), ms: Math.round(lagMs), routes: inFlight });
      if (stalls.length > KEEP_STALLS) stalls.shift();
      if (lagMs < blockMs) return;
      blocks += 1;
      const t = now();
      if (t - lastLogged < logEveryMs) {
        unlogged += 1;
        return;
      }
      lastLogged = t;
      log(
        JSON.stringify({
          level: "warn",
          msg: "event loop blocked",
          blocked_ms: Math.round(lagMs),
          routes: inFlight,
          ...(unlogged > 0 ? { blocks_not_logged_since_last: unlogged } : {}),
        }),
      );
      unlogged = 0;
    },
    /** The newest stalls first. */
    stalls: () => stalls.slice().reverse(),
    /** Blocks (≥ blockMs) seen since start. */
    blocks: () => blocks,
  };
}

/**
 * Requests in flight, by route. A request that ended since the last `sweep()` still counts: a
 * block that ran a whole request (read, compute, answer) ends after that request did.
 */
export function createInFlight() {
  /** @type {Map<number, string>} */
  const open = new Map();
  /** @type {string[]} */
  let endedSinceSweep = [];
  let next = 0;
  return {
    /** @param {string} route @returns {() => void} the request's end */
    start(route) {
      const id = next++;
      open.set(id, route);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        open.delete(id);
        endedSinceSweep.push(route);
      };
    },
    /** The routes in flight now or since the last sweep, each once. */
    routes: () => [...new Set([...endedSinceSweep, ...open.values()])],
    sweep() {
      endedSinceSweep = [];
    },
  };
}

const ns = (value) => Math.round((value / 1e6) * 10) / 10;

/**
 * Starts watching this process's event loop: the delay histogram (in slices of SLICE_S, so the
 * figures cover the last WINDOW_S) and the block detector, ticking every TICK_MS. Its timers
 * don't keep the process alive.
 * @param {{ log?: (line: string) => void }} [options]
 */
export function startEventLoopWatch({ log = (line) => console.warn(line) } = {}) {
  const inFlight = createInFlight();
  const detector = createBlockDetector({ routes: inFlight.routes, log });
  /** @type {{ p99: number, max: number, count: number }[]} */
  const slices = [];
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const rotate = setInterval(() => {
    slices.push({ p99: histogram.percentile(99), max: histogram.max, count: histogram.count });
    if (slices.length > WINDOW_S / SLICE_S - 1) slices.shift();
    histogram.reset();
  }, SLICE_S * 1000);
  rotate.unref();
  let last = performance.now();
  const tick = setInterval(() => {
    const t = performance.now();
    detector.observe(t - last - TICK_MS);
    inFlight.sweep();
    last = t;
  }, TICK_MS);
  tick.unref();
  return {
    /** Marks a request in flight; call the returned function when it ends. */
    request: (method, url) => inFlight.start(routeOf(method, url)),
    /**
     * The last WINDOW_S seconds: the worst 10-second slice's p99 and the max delay (ms, null when
     * nothing was measured yet), the blocks seen since start, and the recent stalls.
     */
    figures() {
      const all = [...slices, { p99: histogram.percentile(99), max: histogram.max, count: histogram.count }].filter(
        (s) => s.count > 0,
      );
      return {
        delay_p99_ms: all.length ? ns(Math.max(...all.map((s) => s.p99))) : null,
        delay_max_ms: all.length ? ns(Math.max(...all.map((s) => s.max))) : null,
        window_seconds: WINDOW_S,
        blocks_since_start: detector.blocks(),
        recent_stalls: detector.stalls(),
      };
    },
    stop() {
      clearInterval(rotate);
      clearInterval(tick);
      histogram.disable();
    },
  };
}

const WATCH = Symbol.for("ribbon.eventLoopWatch");

/** The watch the production server started (scripts/http-guard.mjs), or null (next dev, tests). */
export const runningWatch = () => globalThis[WATCH] ?? null;

/** Starts the process's watch once and publishes it for runningWatch(). */
export function startProcessWatch() {
  globalThis[WATCH] ??= startEventLoopWatch();
  return globalThis[WATCH];
}
