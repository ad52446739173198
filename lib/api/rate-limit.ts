import { HttpError } from "@/lib/errors";
import { clientIp, consume, isBlocked, type LimitState } from "@/lib/ratelimit";
import type { Caller } from "@/lib/tokens";

const tooMany = (state: LimitState, detail: string) => new HttpError(429, "TooManyRequests", detail, undefined, "rate_limited", rateLimitHeaders(state, 429));

/** Refuses an IP that made too many failed guesses (unknown tokens), before its token is even looked at. */
export async function refuseBlockedGuesser(request: Request): Promise<void> {
  const blocked = await isBlocked("failedGuesses", clientIp(request));
  if (blocked) throw tooMany(blocked, `Too many requests with invalid credentials from your address. Try again in ${blocked.resetSeconds} s.`);
}

/** Counts a failed guess (an unknown or revoked token) against the client's IP. */
export async function countFailedGuess(request: Request): Promise<void> {
  await consume("failedGuesses", clientIp(request));
}

/** Counts the request against the credential's limit; the state feeds the RateLimit-* headers. */
export async function limitCredential(caller: Caller): Promise<LimitState> {
  const state = await consume("api", `${caller.via}:${caller.credentialId}`);
  if (!state.allowed) throw tooMany(state, `Rate limit of ${state.limit} requests per minute for this credential exceeded. Try again in ${state.resetSeconds} s.`);
  return state;
}

/** The RateLimit-* headers (IETF draft names, as GitHub and others send them), plus Retry-After on a 429. */
export function rateLimitHeaders(state: LimitState | undefined, status: number): Record<string, string> {
  if (!state || state.limit === 0) return {};
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
    ...(status === 429 ? { "Retry-After": String(state.resetSeconds) } : {}),
  };
}
