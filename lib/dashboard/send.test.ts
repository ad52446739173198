import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { addMember } from "@/lib/teams";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { fieldErrors, previewGift, sendGiftOnce, type SendFields } from "./send";
import { sessionActor as person } from "@/lib/testing/dashboard";
import { sendChoices } from "@/lib/catalogue";
import { displayMoney } from "@/lib/money";

const t = processDatabaseForFile();
let owner: TeamActor<SessionActor>;
let viewer: TeamActor<SessionActor>;
let collectionId: string;

const fields = (over: SendFields = {}): SendFields => ({
  name: "Ada Lovelace",
  delivery_method: "email",
  email: "ada@example.test",
  collection: collectionId,
  message: "Thank you for the engine.",
  from: "Charles",
  ...over,
});
const key = () => `form-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const counts = async () => ({ gifts: await t.db.gift.count(), charges: await t.db.charge.count() });

beforeAll(async () => {
  const account = await createAccount(t.db);
  owner = await onTeam(t.db, person(account.user), account.team.id);
  const someone = await createPerson(t.db);
  await addMember(t.db, account.team.id, someone.user.id, "viewer");
  viewer = await onTeam(t.db, person(someone.user), account.team.id);
  collectionId = String((await catalogue(t.db)).collection.id);
});

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );
}

describe("previewing the send form", () => {
  it("prices the gift and renders its email, writing nothing; the send then charges exactly that price", async () => {
    const before = await counts();
    const { quote, email } = await previewGift(t.db, owner, fields({ subject: "For Ada" }));
    expect(await counts()).toEqual(before);
    expect(email.subject).toBe("For Ada");
    expect(email.html).toContain("Thank you for the engine.");
    expect(email.text).toContain("Ada Lovelace");
    const { giftId } = await sendGiftOnce(t.db, owner, { fields: fields({ subject: "For Ada" }), formKey: key() });
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id: giftId }, include: { charge: true } });
    expect(gift.charge!.amountCents).toBe(quote.chargeCents);
    expect(gift.subject).toBe("For Ada");
  });

  it("puts every problem beside its field, with the API's messages", async () => {
    const error = await refusal(
      previewGift(
        t.db,
        owner,
        fields({ name: "", email: "not-an-email", collection: "No Such Collection", expires_on: "2020-01-01" }),
      ),
    );
    expect(error).toBeInstanceOf(ValidationError);
    const errors = fieldErrors((error as ValidationError).problems);
    expect(Object.keys(errors).sort()).toEqual(["collection", "email", "expires_on", "name"]);
    expect(errors.email).toMatch(/email/i);
  });

  it("sends the recipient's language from the select; an unknown one is refused beside it", async () => {
    const { giftId } = await sendGiftOnce(t.db, owner, { fields: fields({ locale: "ja" }), formKey: key() });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: giftId } })).locale).toBe("ja");
    const error = await refusal(previewGift(t.db, owner, fields({ locale: "xx" })));
    expect(fieldErrors((error as ValidationError).problems)).toEqual({
      locale: "Locale must be one of en, es, fr, de, ja, ar",
    });
  });

  it("reads a send time as UTC when the form names no zone (a browser without JavaScript)", async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const { giftId } = await sendGiftOnce(t.db, owner, { fields: fields({ scheduled_at: at }), formKey: key() });
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id: giftId } });
    expect(gift.scheduledAt!.toISOString()).toBe(`${at}:00.000Z`);
  });

  it("reads the send time in the sender's zone, across a DST boundary, and names the zone in the preview", async () => {
    const zone = "America/New_York";
    // The evening before New York's clocks go forward (EST, -5), the morning after (EDT, -4),
    // and the hour that night skips (moved forward, as the preview then says).
    for (const [local, instant, shown] of [
      ["2030-03-09T21:00", "2030-03-10T02:00:00.000Z", "Sat, 9 Mar 2030, 21:00 America/New_York"],
      ["2030-03-10T09:00", "2030-03-10T13:00:00.000Z", "Sun, 10 Mar 2030, 09:00 America/New_York"],
      ["2030-03-10T02:30", "2030-03-10T07:30:00.000Z", "Sun, 10 Mar 2030, 03:30 America/New_York"],
    ]) {
      const form = fields({ scheduled_at: local, time_zone: zone });
      expect((await previewGift(t.db, owner, form)).sendsAt).toBe(shown);
      const { giftId } = await sendGiftOnce(t.db, owner, { fields: form, formKey: key() });
      const gift = await t.db.gift.findUniqueOrThrow({ where: { id: giftId } });
      expect(gift.scheduledAt!.toISOString()).toBe(instant);
    }
    // No time given: five minutes after the send, so the preview names no time.
    expect((await previewGift(t.db, owner, fields({ time_zone: zone }))).sendsAt).toBeNull();
  });

  it("refuses a send time that has passed, beside the field and naming it, and writes nothing (the API would send at once)", async () => {
    const before = await counts();
    const now = new Date("2030-07-15T13:00:30Z");
    // 09:00 in New York is 13:00 UTC: thirty seconds ago; 09:01 is still to come.
    const past = fields({ scheduled_at: "2030-07-15T09:00", time_zone: "America/New_York" });
    for (const attempt of [
      () => previewGift(t.db, owner, past, now),
      () => sendGiftOnce(t.db, owner, { fields: past, formKey: key() }, now),
    ]) {
      const error = await refusal(attempt());
      expect(error).toBeInstanceOf(ValidationError);
      expect(fieldErrors((error as ValidationError).problems).scheduled_at).toBe(
        "This time has passed (Mon, 15 Jul 2030, 09:00 America/New_York): pick a later time, or send it now.",
      );
    }
    expect(await counts()).toEqual(before);
    const later = fields({ scheduled_at: "2030-07-15T09:01", time_zone: "America/New_York" });
    expect((await previewGift(t.db, owner, later, now)).sendsAt).toBe("Mon, 15 Jul 2030, 09:01 America/New_York");
  });

  it("puts a forged or unknown time zone beside its field, never a 500, and writes nothing", async () => {
    const before = await counts();
    for (const zone of [
      "Mars/Olympus_Mons",
      "+05:00",
      "../../etc/passwd",
      "<b>x</b>",
      `Europe/${"x".repeat(50_000)}`,
    ]) {
      const form = fields({ scheduled_at: "2030-07-15T09:00", time_zone: zone });
      // One at a time: a second call started early would reject while the first is awaited.
      for (const attempt of [
        () => previewGift(t.db, owner, form),
        () => sendGiftOnce(t.db, owner, { fields: form, formKey: key() }),
      ]) {
        const error = await refusal(attempt());
        expect(error, zone).toBeInstanceOf(ValidationError);
        const errors = fieldErrors((error as ValidationError).problems);
        expect(errors.time_zone).toMatch(/^Time zone must be a time zone name/);
        expect(errors.scheduled_at).toBeUndefined();
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe("the recipient's country on the send form", () => {
  it("offers the countries the team's collections reach, derived from the products", async () => {
    const { countries } = await sendChoices(t.db, owner.team.id);
    const products = await t.db.product.findMany({ select: { shipsTo: true } });
    expect(countries).toEqual([...new Set(products.flatMap((p) => p.shipsTo))].sort());
    expect(countries).toEqual(expect.arrayContaining(["US", "BR", "JP"]));
    expect(countries).not.toContain("AQ");
  });

  it("prices the duty and tax on arrival, and the send charges exactly the quote the preview held", async () => {
    const form = fields({ collection: "Coffee Lovers", recipient_country: "BR" });
    const { quote, price } = await previewGift(t.db, owner, form);
    // Brazil's Remessa Conforme on a USD 48.00 gift: 20 % duty, ICMS 17 % on a base that includes it.
    expect(price.arrival).toEqual({
      country: "BR",
      duties: displayMoney(960, "USD"),
      taxes: displayMoney(1180, "USD"),
    });
    expect(price.charge).toBe(displayMoney(4800 + 960 + 1180, "USD"));
    expect(quote.held?.id).toMatch(/^quo_/);
    const { giftId } = await sendGiftOnce(t.db, owner, { fields: form, formKey: key(), quote: quote.held!.id });
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id: giftId }, include: { charge: true } });
    expect(gift).toMatchObject({ recipientCountry: "BR", dutiesMinor: 960, taxesMinor: 1180 });
    expect(gift.charge).toMatchObject({ amountCents: quote.chargeCents, quoteId: quote.held!.id });
    // A country priced delivered says so.
    const delivered = await previewGift(t.db, owner, fields({ collection: "Coffee Lovers", recipient_country: "DE" }));
    expect(delivered.price.arrival).toBe("included");
    expect(delivered.price.charge).toBe(displayMoney(4800, "USD"));
  });

  it("puts a country nothing reaches, or a forged one, beside the field; a forged or used quote is refused; nothing written", async () => {
    const before = await counts();
    const nowhere = await refusal(previewGift(t.db, owner, fields({ recipient_country: "AQ" })));
    expect(fieldErrors((nowhere as ValidationError).problems).recipient_country).toMatch(
      /can be delivered to Antarctica/,
    );
    for (const forged of ["ZZ", "<b>", "x".repeat(20_000)]) {
      const error = await refusal(previewGift(t.db, owner, fields({ recipient_country: forged })));
      expect(error, forged.slice(0, 10)).toBeInstanceOf(ValidationError);
      expect(fieldErrors((error as ValidationError).problems).recipient_country).toBeDefined();
    }
    const form = fields({ collection: "Coffee Lovers", recipient_country: "BR" });
    for (const quote of ["quo_forged", "x".repeat(100)]) {
      const error = await refusal(sendGiftOnce(t.db, owner, { fields: form, formKey: key(), quote }));
      // A 4xx the form shows at its top (an unknown quote: 404), or a problem of the quote field.
      const refused = error instanceof ValidationError || (error instanceof HttpError && error.status < 500);
      expect(refused, `${quote.slice(0, 10)}: ${String(error)}`).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("sending once per form", () => {
  it("two submissions of one form at the same moment create one gift and one charge", async () => {
    const before = await counts();
    const formKey = key();
    const results = await Promise.all([
      sendGiftOnce(t.db, owner, { fields: fields(), formKey }),
      sendGiftOnce(t.db, owner, { fields: fields(), formKey }),
    ]);
    expect(new Set(results.map((r) => r.giftId)).size).toBe(1);
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true]);
    expect(await counts()).toEqual({ gifts: before.gifts + 1, charges: before.charges + 1 });
    // A later resubmission (a reload) answers the same gift.
    expect((await sendGiftOnce(t.db, owner, { fields: fields(), formKey })).giftId).toBe(results[0].giftId);
  });

  it("refuses the same form sent with other values (409), a forged form key, and a viewer, writing nothing", async () => {
    const formKey = key();
    await sendGiftOnce(t.db, owner, { fields: fields(), formKey });
    const before = await counts();
    const changed = await refusal(sendGiftOnce(t.db, owner, { fields: fields({ name: "Someone Else" }), formKey }));
    expect((changed as HttpError).status).toBe(409);
    for (const forged of ["", "short", "x".repeat(65), "../../etc", "key with spaces and more"]) {
      expect(await refusal(sendGiftOnce(t.db, owner, { fields: fields(), formKey: forged }))).toBeInstanceOf(
        ValidationError,
      );
    }
    const refused = await refusal(sendGiftOnce(t.db, viewer, { fields: fields(), formKey: key() }));
    expect((refused as HttpError).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("answers a team without a card with the billing error, before and at the send", async () => {
    const cardless = await createAccount(t.db, { card: null });
    const actor = await onTeam(t.db, person(cardless.user), cardless.team.id);
    expect(await refusal(previewGift(t.db, actor, fields()))).toBeInstanceOf(BillingError);
    expect(await refusal(sendGiftOnce(t.db, actor, { fields: fields(), formKey: key() }))).toBeInstanceOf(BillingError);
  });
});
