import { badRequest } from "@/lib/errors";

export type CardBehavior = "succeed" | "decline";
export type ParsedCard = { brand: string; last4: string; behavior: CardBehavior };

// Test numbers as the payment industry uses them: these decline, every other valid number succeeds.
export const DECLINING_TEST_CARDS: readonly string[] = ["4000000000000002", "4000000000009995", "4000000000009987"];
const DECLINING = new Set(DECLINING_TEST_CARDS);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "unknown";
}

/** Reads a card number (spaces and dashes allowed). The number itself is never kept. */
export function parseCardNumber(input: string): ParsedCard {
  if (input.length > 64) throw badRequest("That is not a valid card number.");
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw badRequest("That is not a valid card number.");
  return { brand: brandOf(digits), last4: digits.slice(-4), behavior: DECLINING.has(digits) ? "decline" : "succeed" };
}
