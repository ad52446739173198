import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db";
import { onTeam, whoIsAsking, type TeamActor } from "@/lib/actor";
import { deliverDueGifts, expireGifts } from "@/lib/delivery";
import { HttpError } from "@/lib/errors";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { resendGift } from "./resend";
import { canExtendExpiry, updateGift } from "./update";

// Two handles on one database, as two server processes have: the API's change on one, the
// sweeper (or the expiry job, or a second request) on the other, started together.
let handles: Awaited<ReturnType<typeof openTwoHandles>>;
let a: PrismaClient;
let b: PrismaClient;
let owner: { teamId: string; senderId: string };
let actor: TeamActor;

beforeAll(async () => {
  handles = await openTwoHandles();
  ({ a, b } = handles);
  const account = await createAccount(a);
  owner = { teamId: account.team.id, senderId: account.user.id };
  const request = new Request("http://localhost/api/v1/gifts", {
    headers: { authorization: `Bearer ${account.tokens.live}` },
  });
  actor = await onTeam(a, await whoIsAsking(a, request), account.team.id);
});
afterAll(() => handles.close());

const DAY = 24 * 60 * 60 * 1000;
const ymd = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === "rejected" && result.reason instanceof HttpError ? result.reason.code : null;

describe("a change racing the gift's delivery", () => {
  it("PATCH message while the sweeper sends: either the new message is sent, or the old one is and PATCH is a 409", async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const gift = await insertGift(a, { ...owner, scheduledAt: new Date(Date.now() - 1000), message: "Old words" });
      const transport = fakeTransport();
      const [change] = await Promise.allSettled([
        updateGift(a, actor, gift.id, { changes: { message: `New words ${i}` } }),
        deliverDueGifts(b, { transport, limit: 5 }),
      ]);
      // Whatever the sweep missed (the change held the row), the next sweep sends.
      await deliverDueGifts(b, { transport, limit: 5 });
      const sent = transport.sent.filter((m) => m.idempotencyKey === `gift-email-${gift.id}`);
      expect(sent).toHaveLength(1);
      const row = await a.gift.findUniqueOrThrow({ where: { id: gift.id } });
      expect(row.stage).toBe("sent");
      if (change.status === "fulfilled") {
        expect(sent[0].html).toContain(`New words ${i}`);
        outcomes.add("changed");
      } else {
        expect(["already_sent", "being_sent"]).toContain(codeOf(change));
        expect(sent[0].html).toContain("Old words");
        expect(row.message).toBe("Old words");
        outcomes.add("refused");
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("PATCH expires_on while the expiry job runs: the gift ends up with the new date, not expired (extended or reopened)", async () => {
    for (let i = 0; i < 4; i++) {
      const gift = await insertGift(a, { ...owner, stage: "sent", expiresOn: new Date(`${ymd(-1)}T00:00:00Z`) });
      await a.giftEvent.create({ data: { giftId: gift.id, stage: "sent" } }); // the stage it could expire from
      const [change] = await Promise.allSettled([
        updateGift(a, actor, gift.id, { changes: { expiresOn: ymd(20) } }),
        expireGifts(b),
      ]);
      expect(change.status).toBe("fulfilled");
      const row = await a.gift.findUniqueOrThrow({
        where: { id: gift.id },
        include: { events: { orderBy: { id: "asc" } } },
      });
      expect(row.stage).toBe("sent");
      expect(row.expiresOn?.toISOString().slice(0, 10)).toBe(ymd(20));
      // Extended first (one "updated" event), or expired first and then reopened (two stage events).
      const last = row.events.at(-1)!;
      expect(["updated", "reopened"]).toContain(last.action);
    }
  });

  it("two resends on two servers at once: one email queued, the other 429", async () => {
    const gift = await insertGift(a, { ...owner, stage: "sent" });
    const results = await Promise.allSettled([resendGift(a, actor, gift.id), resendGift(b, actor, gift.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.map(codeOf).filter(Boolean)).toEqual(["rate_limited"]);
    expect(await a.emailOutbox.count({ where: { giftId: gift.id, kind: "gift" } })).toBe(1);
    expect(await a.giftEvent.count({ where: { giftId: gift.id, action: "resent" } })).toBe(1);
  });
});

describe("canExtendExpiry", () => {
  const now = new Date("2026-12-02T10:00:00Z");
  it("offers a later day while one is before a year from today, as PATCH expires_on takes it", () => {
    expect(canExtendExpiry(new Date("2026-12-20"), now)).toBe(true);
    expect(canExtendExpiry(new Date("2027-11-30"), now)).toBe(true); // 2027-12-01 is still taken
    expect(canExtendExpiry(new Date("2027-12-01"), now)).toBe(false); // the latest day already
    expect(canExtendExpiry(new Date("2030-06-30"), now)).toBe(false);
    expect(canExtendExpiry(new Date("2026-11-20"), now)).toBe(true); // expired: reopened to a later day
  });
});
