import { beforeAll, describe, expect, it } from "vitest";
import * as R from "@/lib/api/openapi/resources";
import { openGiftByUntieToken } from "@/lib/gifts/open-gift";
import { untieToken } from "@/lib/untie";
import { redeemGift } from "@/lib/redemption";
import { advanceFulfilment, SimulatedWarehouse } from "@/lib/fulfilment";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { expectErrors, giftBody, openDatabaseForFile } from "./helpers";

// What the sender sees of a redemption through the API: product and variant by id and name,
// the note, the email for updates, and only city/region/country of the address.
const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => {
  a = await createAccount(t.db);
});

const address = {
  fullName: "Kim Lee",
  line1: "1 Main Street",
  line2: "Apt 4",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "+1 650 253 0000",
  email: "kim@example.test",
};

describe("a redeemed gift in the API", () => {
  it("shows the choice, note, email and the city/region/country of the address, matching the strict schema", async () => {
    const live = apiAs(a.tokens.live);
    const created = (await live.post("/gifts", giftBody({ delivery_method: "link", email: undefined }))).body.data;
    const product = await t.db.product.findFirstOrThrow({
      where: { collectionId: Number(created.relationships.collection.data.id), variants: { some: {} } },
      include: { variants: true },
    });
    await redeemGift(t.db, {
      secret: untieToken(created.id),
      productId: product.id,
      variantId: product.variants[0].id,
      address,
      thankYouNote: "Thanks!",
    });

    const res = await live.get(`/gifts/${created.id}`);
    expect(
      R.GiftDocument.safeParse(res.body).success,
      JSON.stringify(R.GiftDocument.safeParse(res.body).error?.issues),
    ).toBe(true);
    const attrs = res.body.data.attributes;
    expect(attrs).toMatchObject({
      stage: "redeemed",
      "selected-product": { id: String(product.id), name: product.name },
      variant: { id: String(product.variants[0].id), name: product.variants[0].name },
      "thank-you-note": "Thanks!",
      "redemption-email": "kim@example.test",
      address: { city: "Springfield", region: "IL", country: "US" },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/Main Street|Kim Lee|62701|555 0100/);
    // The list (one statement of its own) shows the gift exactly as GET /gifts/:id does.
    const listed = (await live.get("/gifts")).body.data.find((g: { id: string }) => g.id === created.id);
    expect(listed).toEqual(res.body.data);
    expect(attrs.events.map((e: { stage: string }) => e.stage)).toEqual(["scheduled", "opened", "redeemed"]);

    expect(attrs).toMatchObject({ carrier: null, "tracking-number": null, "tracking-url": null });

    // Cancelling a redeemed gift stays a 409, and changes nothing.
    expectErrors(await live.delete(`/gifts/${created.id}`), 409);
    expect((await live.get(`/gifts/${created.id}`)).body.data.attributes.stage).toBe("redeemed");

    // Fulfilment: shipped with tracking, then delivered; still a 409 to cancel.
    const warehouse = new SimulatedWarehouse({ shipAfterS: 0, deliverAfterS: 3600 });
    await advanceFulfilment(t.db, { provider: () => warehouse });
    const shipped = await live.get(`/gifts/${created.id}`);
    expect(R.GiftDocument.safeParse(shipped.body).success).toBe(true);
    expect(shipped.body.data.attributes).toMatchObject({
      stage: "shipped",
      carrier: "Ribbon Post (simulated)",
      "tracking-number": expect.stringMatching(/^RBN/),
      "tracking-url": expect.stringMatching(/^https:/),
    });
    expect((await live.get("/gifts?filter[stage]=shipped")).body.data.map((g: { id: string }) => g.id)).toEqual([
      created.id,
    ]);
    expectErrors(await live.delete(`/gifts/${created.id}`), 409);
    await advanceFulfilment(t.db, { provider: () => warehouse, now: new Date(Date.now() + 3_601_000) });
    expect((await live.get(`/gifts?filter[stage]=delivered`)).body.data.map((g: { id: string }) => g.id)).toEqual([
      created.id,
    ]);
    expectErrors(await live.delete(`/gifts/${created.id}`), 409);
  });

  it("filter[stage] finds opened and redeemed gifts", async () => {
    const live = apiAs(a.tokens.live);
    const opened = (await live.post("/gifts", giftBody({ delivery_method: "link", email: undefined }))).body.data;
    await openGiftByUntieToken(t.db, untieToken(opened.id));
    const redeemed = (await live.post("/gifts", giftBody({ delivery_method: "link", email: undefined }))).body.data;
    const product = await t.db.product.findFirstOrThrow({
      where: { collectionId: Number(redeemed.relationships.collection.data.id), variants: { none: {} } },
    });
    await redeemGift(t.db, { secret: untieToken(redeemed.id), productId: product.id, address });
    const ids = async (stage: string) =>
      (await live.get(`/gifts?filter[stage]=${stage}`)).body.data.map((g: { id: string }) => g.id);
    expect(await ids("opened")).toEqual([opened.id]);
    expect(await ids("redeemed")).toEqual([redeemed.id]);
  });
});

describe("GET /collections shows what a recipient will choose from", () => {
  it("relates each collection to its products, included once each with their variants", async () => {
    const res = await apiAs(a.tokens.live).get("/collections");
    expect(
      R.CollectionList.safeParse(res.body).success,
      JSON.stringify(R.CollectionList.safeParse(res.body).error?.issues.slice(0, 3)),
    ).toBe(true);
    const coffee = res.body.data.find((c: { attributes: { name: string } }) => c.attributes.name === "Coffee Lovers");
    const productIds = coffee.relationships.products.data.map((r: { id: string }) => r.id);
    expect(productIds.length).toBeGreaterThan(1);
    const included = new Map(res.body.included.map((p: { id: string }) => [p.id, p]));
    expect(included.size).toBe(res.body.included.length);
    const mug = productIds
      .map((id: string) => included.get(id))
      .find((p: { attributes: { name: string } }) => p.attributes.name === "Insulated Travel Mug");
    expect(mug.attributes.variants).toEqual(
      expect.arrayContaining([{ id: expect.stringMatching(/^\d+$/), name: "Sage", size: null, color: "Sage" }]),
    );
    expect(mug.attributes["image-url"]).toMatch(/^http:\/\/localhost:3000\//);
  });
});
