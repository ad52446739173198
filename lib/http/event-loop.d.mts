export const BLOCK_LOG_MS: number;
export const LOG_EVERY_MS: number;
export const STALL_KEEP_MS: number;
export const WINDOW_S: number;
export type Stall = { at: string; ms: number; routes: string[] };
export type EventLoopFigures = {
  delay_p99_ms: number | null;
  delay_max_ms: number | null;
  window_seconds: number;
  blocks_since_start: number;
  recent_stalls: Stall[];
};
export function routeOf(method: string, url: string): string;
export function createBlockDetector(options: {
  routes: () => string[];
  log: (line: string) => void;
  now?: () => number;
  wallClock?: () => number;
  blockMs?: number;
  logEveryMs?: number;
  keepMs?: number;
}): { observe(lagMs: number): void; stalls(): Stall[]; blocks(): number };
export function createInFlight(): { start(route: string): () => void; routes(): string[]; sweep(): void };
export type EventLoopWatch = {
  request(method: string, url: string): () => void;
  figures(): EventLoopFigures;
  stop(): void;
};
export function startEventLoopWatch(options?: { log?: (line: string) => void }): EventLoopWatch;
export function runningWatch(): EventLoopWatch | null;
export function startProcessWatch(): EventLoopWatch;
