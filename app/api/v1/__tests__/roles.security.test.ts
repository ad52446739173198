import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import { createEndpoint, sendTestEvent } from "@/lib/webhooks";
import { bulkBody, expectError, giftBody, openDatabaseForFile } from "./helpers";

// What a member may do on a live team (docs/teams.md): send gifts, read the team's gifts, cancel
// the gifts they sent themselves. Cancelling someone else's gift (a refund of the team's money)
// and sending test events to the team's endpoints are the owners'.
const t = openDatabaseForFile();
let owner: Awaited<ReturnType<typeof createAccount>>;
let member: Awaited<ReturnType<typeof createPerson>>;

beforeAll(async () => {
  owner = await createAccount(t.db);
  member = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
});

const send = async (token: string) => {
  const created = await apiAs(token).post(`/teams/${owner.team.id}/gifts`, giftBody());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id as string;
};
const refunds = (giftId: string) => t.db.charge.count({ where: { giftId, kind: "refund" } });

describe("cancelling a live team's gifts", () => {
  it("a member can't cancel a gift the owner sent: 403 owner_required, still scheduled, no refund", async () => {
    const ownersGift = await send(owner.tokens.live);
    const error = expectError(
      await apiAs(member.tokens.live).delete(`/teams/${owner.team.id}/gifts/${ownersGift}`),
      403,
      "Forbidden",
    );
    expect(error.code).toBe("owner_required");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: ownersGift } })).stage).toBe("scheduled");
    expect(await refunds(ownersGift)).toBe(0);
    // The member still reads it.
    expect((await apiAs(member.tokens.live).get(`/teams/${owner.team.id}/gifts/${ownersGift}`)).status).toBe(200);
  });

  it("a member cancels their own gift, and an owner cancels anyone's", async () => {
    const membersGift = await send(member.tokens.live);
    const anotherMembersGift = await send(member.tokens.live);
    expect((await apiAs(member.tokens.live).delete(`/teams/${owner.team.id}/gifts/${membersGift}`)).status).toBe(200);
    expect((await apiAs(owner.tokens.live).delete(`/teams/${owner.team.id}/gifts/${anotherMembersGift}`)).status).toBe(
      200,
    );
    expect(await refunds(membersGift)).toBe(1);
    expect(await refunds(anotherMembersGift)).toBe(1);
  });
});

describe("test events to a live team's endpoints", () => {
  it("are sent by owners only", async () => {
    const receiver = await startReceiver(3251);
    try {
      const caller = {
        user: { id: owner.user.id, name: "", email: owner.user.email },
        mode: "live" as const,
        via: "token" as const,
        credentialId: 0,
      };
      const { endpoint } = await createEndpoint(t.db, caller, owner.team, {
        url: receiver.url,
        eventTypes: ["gift.sent"],
      });
      expect(await sendTestEvent(t.db, member.user.id, endpoint.id)).toBeNull();
      expect(receiver.received).toHaveLength(0);
      expect(await sendTestEvent(t.db, owner.user.id, endpoint.id)).toMatchObject({ status: 200 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe("a viewer (finance, managers)", () => {
  let viewer: Awaited<ReturnType<typeof createPerson>>;
  beforeAll(async () => {
    viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  });

  it("reads the team's gifts and events", async () => {
    const giftId = await send(owner.tokens.live);
    const api = apiAs(viewer.tokens.live);
    expect((await api.get(`/teams/${owner.team.id}/gifts/${giftId}`)).status).toBe(200);
    const list = await api.get(`/teams/${owner.team.id}/gifts`);
    expect(list.body.data.map((g: { id: string }) => g.id)).toContain(giftId);
    expect((await api.get(`/teams/${owner.team.id}/gifts/${giftId}/events`)).status).toBe(200);
  });

  it("sends nothing, previews nothing and cancels nothing: 403 member_required, nothing written or charged", async () => {
    const api = apiAs(viewer.tokens.live);
    const charges = await t.db.charge.count({ where: { teamId: owner.team.id } });
    const gifts = await t.db.gift.count({ where: { teamId: owner.team.id } });
    const attempts = [
      await api.post(`/teams/${owner.team.id}/gifts`, giftBody()),
      await api.post(`/teams/${owner.team.id}/gifts?dry_run=true`, giftBody()),
      await api.post(`/teams/${owner.team.id}/bulk/gifts`, bulkBody(2)),
      await api.post(`/teams/${owner.team.id}/gifts`, giftBody(), { headers: { "Idempotency-Key": "viewer-1" } }),
    ];
    for (const response of attempts) expect(expectError(response, 403, "Forbidden").code).toBe("member_required");
    const ownersGift = await send(owner.tokens.live);
    expect(expectError(await api.delete(`/teams/${owner.team.id}/gifts/${ownersGift}`), 403, "Forbidden").code).toBe(
      "member_required",
    );
    expect(await t.db.charge.count({ where: { teamId: owner.team.id } })).toBe(charges + 1);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(gifts + 1);
  });

  it("still sends in their own sandbox", async () => {
    expect((await apiAs(viewer.tokens.sandbox).post(`/gifts`, giftBody())).status).toBe(200);
  });
});
