import { describe, expect, it } from "vitest";
import { onTeam } from "@/lib/actor";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { sessionActor as person } from "@/lib/testing/dashboard";
import { confirmUpload, previewUpload } from "./upload";

// A CSV upload's recipient_country column: each row priced as its landed cost, as the API's bulk
// create prices it (app/api/v1/__tests__/landed-cost.test.ts: Brazil 9.60 duty and 11.80 tax on a
// USD 48.00 gift, Germany priced delivered), and a row whose country can't be served is its problem.
const t = processDatabaseForFile();

async function owner(mode: "live" | "sandbox" = "live") {
  await catalogue(t.db);
  const account = await createAccount(t.db);
  return mode === "live"
    ? onTeam(t.db, person(account.user), account.team.id)
    : onTeam(t.db, { ...person(account.user), mode: "sandbox" as const }, "sandbox");
}

const file = (rows: [name: string, collection: string, country: string][]) => ({
  fileName: "abroad.csv",
  bytes: new TextEncoder().encode(
    "name,email,message,from,collection,recipient_country\n" +
      rows
        .map(([name, collection, country]) => `${name},${name}@example.test,Obrigado!,Acme,${collection},${country}`)
        .join("\n") +
      "\n",
  ),
});
const key = () => `form-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe("a CSV upload with the recipients' countries", () => {
  it("prices each row as its landed cost in the preview, and the confirm charges exactly that, each gift its country's", async () => {
    const actor = await owner();
    const f = file([
      ["bruna", "Coffee Lovers", "BR"],
      ["greta", "Coffee Lovers", "DE"],
      ["anon", "Coffee Lovers", ""],
    ]);
    const preview = await previewUpload(t.db, actor, f);
    expect(preview).toMatchObject({ problemCount: 0, fineRows: 3, dutiesMinor: 960, taxesMinor: 1180 });
    expect(preview.totalCents).toBe(3 * 4800 + 960 + 1180);
    const { batchId } = await confirmUpload(t.db, actor, {
      ...f,
      previewHash: preview.fileHash,
      previewTotalCents: preview.totalCents,
      formKey: key(),
    });
    const [charge] = await t.db.charge.findMany({ where: { teamId: actor.team.id } });
    expect(charge).toMatchObject({ amountCents: preview.totalCents, dutiesMinor: 960, taxesMinor: 1180 });
    const gifts = await t.db.gift.findMany({ where: { batchId }, orderBy: { recipientName: "asc" } });
    expect(gifts.map((g) => [g.recipientName, g.recipientCountry, g.priceCents, g.dutiesMinor, g.taxesMinor])).toEqual([
      ["anon", null, 4800, 0, 0],
      ["bruna", "BR", 4800 + 960 + 1180, 960, 1180],
      ["greta", "DE", 4800, 0, 0],
    ]);
    expect(gifts.reduce((sum, g) => sum + g.priceCents, 0)).toBe(charge.amountCents);
  });

  it("puts a country the collection doesn't reach, or can't be estimated for, or isn't one, at its row; the confirm creates nothing", async () => {
    const actor = await owner();
    const f = file([
      ["ok", "Coffee Lovers", "BR"],
      ["pole", "Coffee Lovers", "AQ"],
      ["mexico", "Outdoor Adventure", "MX"],
      ["forged", "Coffee Lovers", "ZZ"],
    ]);
    const preview = await previewUpload(t.db, actor, f);
    expect(preview.problems.map((p) => [p.row, p.column])).toEqual([
      [3, "recipient_country"],
      [4, "recipient_country"],
      [5, "recipient_country"],
    ]);
    expect(preview.problems[0].message).toMatch(/can be delivered to Antarctica/);
    expect(preview.problems[1].message).toMatch(
      /can't quote what a gift from this collection pays on arrival in Mexico/,
    );
    expect(preview.fineRows).toBe(1);
    const before = await t.db.gift.count();
    const confirmed = confirmUpload(t.db, actor, {
      ...f,
      previewHash: preview.fileHash,
      previewTotalCents: preview.totalCents,
      formKey: key(),
    });
    await expect(confirmed).rejects.toMatchObject({
      problems: [expect.objectContaining({ code: "invalid_rows" })],
    });
    expect(await t.db.gift.count()).toBe(before);
  });

  it("in the sandbox nothing is estimated or charged", async () => {
    const actor = await owner("sandbox");
    const preview = await previewUpload(t.db, actor, file([["bruna", "Coffee Lovers", "BR"]]));
    expect(preview).toMatchObject({ problemCount: 0, dutiesMinor: 0, taxesMinor: 0, chargeCents: 0 });
  });
});
