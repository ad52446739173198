import type { Tx } from "@/lib/db";
import { capsToJson, parseCaps, type SpendCaps } from "@/lib/billing";
import { collectionsForPerson } from "@/lib/catalogue";
import { ValidationError, type FieldProblem } from "@/lib/errors";

export type TokenCapsInput = { perGift?: unknown; daily?: unknown; monthly?: unknown; collections?: unknown };

/**
 * Sets the spending caps of the user's current live developer token from the token page's
 * form: amounts like "200.00" (blank: no cap), and the collections it may send from (null: any;
 * only collections of the person's teams). Sandbox tokens spend nothing, so they carry none; a
 * roll hands the caps to the new live token, and caps saved during a roll's grace bind the old
 * token too. Throws ValidationError (pointers are the form's
 * field names); returns false when the user has no current live token.
 */
export async function setLiveTokenCaps(db: Tx, userId: string, input: TokenCapsInput): Promise<boolean> {
  const problems: FieldProblem[] = [];
  const pointer = {
    perGift: "cap_per_gift",
    daily: "cap_daily",
    monthly: "cap_monthly",
    collections: "cap_collections",
  };
  const caps: SpendCaps | null = parseCaps(input, (field) => pointer[field], problems);
  if (caps?.collectionIds) {
    const usable = new Set((await collectionsForPerson(db, userId)).map((c) => c.id));
    const unknown = caps.collectionIds.filter((id) => !usable.has(id));
    if (unknown.length > 0)
      problems.push({
        detail: `isn't a collection of your teams: ${unknown.join(", ")}`,
        pointer: pointer.collections,
        code: "not_found",
      });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  // Every live secret that still works: the current token and, after a roll that kept it, the old
  // one in its 24-hour grace. Caps saved then bind both (spend is counted across them: lib/billing/caps.ts).
  const current = await db.apiToken.count({
    where: { userId, mode: "live", name: null, revokedAt: null, expiresAt: null },
  });
  if (current === 0) return false;
  await db.apiToken.updateMany({
    where: {
      userId,
      mode: "live",
      name: null,
      revokedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
    data: { caps: capsToJson(caps) },
  });
  return true;
}
