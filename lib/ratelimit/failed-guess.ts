import type { HeaderReader } from "@/lib/http/client-address";
import { clientIp } from "./client-ip";
import { consume, type LimitState } from "./consume";

/**
 * Counts a wrong secret (an unknown token, client secret or code, an unknown untie, invitation
 * or sign-in link) against the address it came from. Only wrong guesses are counted, and only
 * they are ever refused: a request holding a right secret is answered whatever else came from
 * its address, so one broken script behind a company's NAT never locks its colleagues out.
 * Null while the address is under the limit; over it, the state for a 429's Retry-After.
 */
export async function countFailedGuess(request: { headers: HeaderReader }): Promise<LimitState | null> {
  const state = await consume("failedGuesses", clientIp(request));
  return state.allowed ? null : state;
}
