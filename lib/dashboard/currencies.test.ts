import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { updateBudget } from "@/lib/billing";
import { cancelGift, createGifts, parseBulkGifts } from "@/lib/gifts";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { liveQuery as live, sessionActor as person } from "@/lib/testing/dashboard";
import { dashboardGift, dashboardGifts, EXPORT_COLUMNS, exportRow, previewGift, sendGiftOnce } from "./index";
import { confirmUpload, previewUpload } from "./upload";
import { displayMoney } from "@/lib/money";

// A team billed in euros or yen sees its amounts in them on the dashboard (docs/international.md):
// each gift is sent through the send form, so it is priced as the API prices it (the USD
// collection converted at the shipped 2022-07-08 reference rates).

const t = processDatabaseForFile();
let collectionId: string;

beforeAll(async () => {
  collectionId = String((await catalogue(t.db)).collection.id);
});

/** An owner of a new team billed in `currency`, set as the API sets it (`PATCH /budget`). */
async function teamIn(currency: string): Promise<TeamActor<SessionActor>> {
  const account = await createAccount(t.db);
  const owner = await onTeam(t.db, person(account.user), account.team.id);
  await updateBudget(t.db, owner, { budget: { currency } });
  return owner;
}

const fields = () => ({
  name: "Ada Lovelace",
  delivery_method: "email",
  email: "ada@example.test",
  collection: collectionId,
  message: "Thank you for the engine.",
  from: "Charles",
});

/** Previews and sends one gift; the preview's price, the board's row, the gift's page and its export line. */
async function sendOne(owner: TeamActor<SessionActor>) {
  const { price, quote } = await previewGift(t.db, owner, fields());
  const { giftId } = await sendGiftOnce(t.db, owner, {
    fields: fields(),
    formKey: `form-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  });
  const [row] = (await dashboardGifts(t.db, owner, live())).rows;
  const cells = exportRow(row);
  const column = (name: (typeof EXPORT_COLUMNS)[number]) => cells[EXPORT_COLUMNS.indexOf(name)];
  return { price, quote, giftId, row, export: { price: column("price"), currency: column("currency") } };
}

const charged = async (owner: TeamActor<SessionActor>, giftId: string, kind: "charge" | "refund") =>
  (await dashboardGift(t.db, owner, giftId)).timeline.find((e) => e.kind === kind)!.title;

// Each currency with its own digits: euros with cents, yen with none.
describe.each([
  { currency: "EUR", said: "euros, with cents", minor: 4723, shown: "€47.23", exported: "47.23" },
  { currency: "JPY", said: "yen, with no decimals", minor: 6520, shown: "¥6,520", exported: "6520" },
])("a $currency team's dashboard", ({ currency, said, minor, shown, exported }) => {
  it(`says ${said}, in the send preview, the board, the gift's timeline and the export`, async () => {
    const owner = await teamIn(currency);
    const sent = await sendOne(owner);
    expect(sent.price).toEqual({ currency, perGift: shown, total: shown, charge: shown });
    expect(sent.quote.conversion!.perGiftMinor).toBe(minor);
    expect(sent.row).toMatchObject({ id: sent.giftId, priceCents: minor, currency });
    expect(displayMoney(sent.row.priceCents, sent.row.currency)).toBe(shown);
    expect(await charged(owner, sent.giftId, "charge")).toBe(`Charged ${shown}`);
    expect(sent.export).toEqual({ price: exported, currency });

    await cancelGift(t.db, owner, sent.giftId);
    expect(await charged(owner, sent.giftId, "refund")).toBe(`Refunded ${shown}`);
  });
});

describe("a EUR team's dashboard, several gifts", () => {
  it("names a gift's share of a charge for several gifts in euros", async () => {
    const owner = await teamIn("EUR");
    const body = {
      gift: {
        collection: collectionId,
        message: "Thank you for the engine.",
        from: "Charles",
        recipients_attributes: ["ada", "grace"].map((name) => ({ name, email: `${name}@example.test` })),
      },
    };
    const { draft, problems } = await parseBulkGifts(body, new Date());
    const [first] = await createGifts(t.db, { actor: owner, draft, problems, now: new Date() });
    expect(await charged(owner, first.id, "charge")).toBe("Charged €47.23 (its share of €94.46 for 2 gifts)");
  });
});

describe("a EUR team's CSV upload", () => {
  it("previews every amount in euros, converted as the confirm charges, and the confirm charges exactly that", async () => {
    const owner = await teamIn("EUR");
    const collection = await t.db.collection.findUniqueOrThrow({ where: { id: Number(collectionId) } });
    const bytes = new TextEncoder().encode(
      "name,email,message,from,collection\n" +
        ["ada", "grace"].map((n) => `${n},${n}@example.test,Thank you!,Charles,${collection.name}`).join("\n") +
        "\n",
    );
    const file = { fileName: "thanks.csv", bytes };
    const preview = await previewUpload(t.db, owner, file);
    expect(preview).toMatchObject({ problemCount: 0, currency: "EUR", totalCents: 2 * 4723, chargeCents: 2 * 4723 });
    expect(preview.collections).toEqual([{ name: collection.name, gifts: 2, totalCents: 2 * 4723 }]);
    const { batchId } = await confirmUpload(t.db, owner, {
      ...file,
      previewHash: preview.fileHash,
      previewTotalCents: preview.totalCents,
      formKey: `form-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    });
    const charges = await t.db.charge.findMany({ where: { teamId: owner.team.id } });
    expect(charges).toEqual([expect.objectContaining({ amountCents: preview.totalCents, currency: "eur" })]);
    expect(await t.db.gift.count({ where: { batchId, priceCents: 4723, currency: "EUR" } })).toBe(2);
  });
});

describe("a USD team's dashboard", () => {
  it("reads as before", async () => {
    const account = await createAccount(t.db);
    const owner = await onTeam(t.db, person(account.user), account.team.id);
    const sent = await sendOne(owner);
    expect(sent.quote.conversion ?? null).toBeNull();
    const dollars = displayMoney(sent.row.priceCents);
    expect(sent.price).toEqual({ currency: "USD", perGift: dollars, total: dollars, charge: dollars });
    expect(sent.row.currency).toBe("USD");
    expect(await charged(owner, sent.giftId, "charge")).toBe(`Charged ${dollars}`);
    expect(sent.export.currency).toBe("USD");
  });
});
