import { describe, expect, it } from "vitest";
import * as R from "@/lib/api/openapi/resources";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { redeemGift } from "@/lib/redemption";
import { untieToken } from "@/lib/untie";
import { expectError, expectValidation, openDatabaseForFile } from "./helpers";

// Issue 23 "Swap": the team's swap collections (GET/PATCH /swap-collections) and a swapped gift's representation.
const t = openDatabaseForFile();

let made = 0;
const collection = (data: { priceCents: number; teamId?: string }) =>
  t.db.collection.create({
    data: {
      slug: `swap-api-${++made}-${Date.now()}`,
      name: `Swap API ${made}`,
      description: "",
      imageUrl: "/x.svg",
      global: !data.teamId,
      ...data,
      products: {
        create: {
          slug: `swap-api-product-${made}-${Date.now()}`,
          name: `Swap product ${made}`,
          description: "",
          imageUrl: "/x.svg",
          shipsTo: ["US", "DE", "GB"],
        },
      },
    },
    include: { products: true },
  });

describe("the team's swap collections (GET/PATCH /swap-collections)", () => {
  it("owners set them; everyone on the team reads them; a swapped gift says where its product came from", async () => {
    const owner = await createAccount(t.db);
    const viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
    const api = apiAs(owner.tokens.live);
    expect((await api.get("/swap-collections")).body.data.attributes["collection-ids"]).toEqual([]);
    const global = await collection({ priceCents: 1 });
    const own = await collection({ priceCents: 1, teamId: owner.team.id });
    const ids = [String(own.id), String(global.id)];
    const set = await api.patch(`/teams/${owner.team.id}/swap-collections`, {
      swap_collections: { collection_ids: ids },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({
      type: "swap-collections",
      id: owner.team.id,
      attributes: { "collection-ids": ids },
    });
    expect(R.SwapCollectionsDocument.safeParse(set.body).error?.issues).toBeUndefined();
    const read = await apiAs(viewer.tokens.live).get(`/teams/${owner.team.id}/swap-collections`);
    expect(read.body.data.attributes["collection-ids"]).toEqual(ids);

    const gift = await insertGift(t.db, {
      teamId: owner.team.id,
      senderId: owner.user.id,
      deliveryMethod: "link",
      email: null,
      scheduledAt: null,
    });
    expect((await api.get(`/gifts/${gift.id}`)).body.data.attributes["swap-collection"]).toBeNull();
    await redeemGift(t.db, {
      secret: untieToken(gift.id),
      productId: own.products[0].id,
      variantId: null,
      address: {
        fullName: "Kim Lee",
        line1: "1 Main Street",
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        email: "kim@example.test",
      },
    });
    const swapped = await api.get(`/gifts/${gift.id}`);
    expect(swapped.body.data.attributes).toMatchObject({
      stage: "redeemed",
      "swap-collection": String(own.id),
      "selected-product": { id: String(own.products[0].id) },
    });
    expect(R.GiftDocument.safeParse(swapped.body).error?.issues).toBeUndefined();

    await api.patch("/swap-collections", { swap_collections: { collection_ids: [] } });
    expect((await api.get("/swap-collections")).body.data.attributes["collection-ids"]).toEqual([]);
  });

  it("is refused to members, in the sandbox, and for bad, foreign or too many ids (nothing written)", async () => {
    const owner = await createAccount(t.db);
    const stranger = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    const usable = await collection({ priceCents: 1 });
    const foreign = await collection({ priceCents: 1, teamId: stranger.team.id });
    const body = { swap_collections: { collection_ids: [String(usable.id)] } };
    const refused = await apiAs(member.tokens.live).patch(`/teams/${owner.team.id}/swap-collections`, body);
    expect(expectError(refused, 403, "Forbidden").code).toBe("owner_required");
    expectError(await apiAs(owner.tokens.sandbox).patch("/swap-collections", body), 403, "Forbidden");
    const api = apiAs(owner.tokens.live);
    expect(
      expectValidation(
        await api.patch("/swap-collections", {
          swap_collections: { collection_ids: [String(usable.id), "nope", 3, String(usable.id)], extra: 1 },
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/swap_collections/collection_ids/1" }),
        expect.objectContaining({ pointer: "/swap_collections/collection_ids/2" }),
        expect.objectContaining({ pointer: "/swap_collections/collection_ids/3" }),
        expect.objectContaining({ pointer: "/swap_collections/extra", code: "unknown_field" }),
      ]),
    );
    expect(
      expectValidation(
        await api.patch("/swap-collections", {
          swap_collections: { collection_ids: [String(usable.id), String(foreign.id), "999999999"] },
        }),
      ).map((p) => p.pointer),
    ).toEqual(["/swap_collections/collection_ids/1", "/swap_collections/collection_ids/2"]);
    expect(
      expectValidation(
        await api.patch("/swap-collections", {
          swap_collections: { collection_ids: Array.from({ length: 21 }, (_, i) => String(i + 1)) },
        }),
      )[0].pointer,
    ).toBe("/swap_collections/collection_ids");
    expect(
      expectValidation(await api.patch("/swap-collections", { swap_collections: { collection_ids: "3" } }))[0].pointer,
    ).toBe("/swap_collections/collection_ids");
    expectError(await api.patch("/swap-collections", { collection_ids: ["3"] }), 400, "BadRequest");
    expect((await api.get("/swap-collections")).body.data.attributes["collection-ids"]).toEqual([]);
  });
});
