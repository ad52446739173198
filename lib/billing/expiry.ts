import { badRequest } from "@/lib/errors";

/** Cards are not issued for longer than this. */
const MAX_YEARS_AHEAD = 20;

/**
 * A card's expiry as people type it: "MM / YY", "MM/YY" or "MM/YYYY". A month of 1 to 12, a
 * year from this one to 20 years on; an expired month is refused by setCard.
 */
export function parseExpiry(input: unknown, now = new Date()): { expMonth: number; expYear: number } {
  const match =
    typeof input === "string" && input.length <= 16 ? /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input) : null;
  if (!match) throw badRequest("Enter the expiry as MM / YY.");
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (expMonth < 1 || expMonth > 12) throw badRequest("The card's expiry month must be 1 to 12.");
  if (expYear > now.getUTCFullYear() + MAX_YEARS_AHEAD) throw badRequest("That expiry year is too far ahead.");
  return { expMonth, expYear };
}
