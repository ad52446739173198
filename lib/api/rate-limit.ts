import { HttpError } from "@/lib/errors";
import { consume, countFailedGuess, type LimitState } from "@/lib/ratelimit";
import type { Caller } from "@/lib/tokens";

const tooMany = (state: LimitState, detail: string) =>
  new HttpError(429, "TooManyRequests", detail, undefined, "rate_limited", rateLimitHeaders(state, 429));

/**
 * A request whose credential was refused (401): counted against its address, and once the
 * address is over its failed-guess limit answered 429 instead. Valid credentials never get here.
 */
export async function refuseFailedGuess(request: Request, refusal: HttpError): Promise<never> {
  const over = await countFailedGuess(request);
  if (over)
    throw tooMany(
      over,
      `Too many requests with invalid credentials from your address. Try again in ${over.resetSeconds} s.`,
    );
  throw refusal;
}

/** Counts the request against the credential's limit; the state feeds the RateLimit-* headers. */
export async function limitCredential(caller: Caller): Promise<LimitState> {
  const state = await consume("api", `${caller.via}:${caller.credentialId}`);
  if (!state.allowed)
    throw tooMany(
      state,
      `Rate limit of ${state.limit} requests per minute for this credential exceeded. Try again in ${state.resetSeconds} s.`,
    );
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
