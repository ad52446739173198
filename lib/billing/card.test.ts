import { describe, expect, it } from "vitest";
import { chargeTeam, refundGift, SYSTEM } from "@/lib/billing";
import { parseExpiry } from "@/lib/billing/expiry";
import { BillingError, HttpError } from "@/lib/errors";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { describeCard, recentCharges, setTeamCard, teamCard } from "./card";
import { teamOverview } from "@/lib/dashboard/team-overview";
import { addMember } from "@/lib/teams/create-team";

const t = processDatabaseForFile();
const NOW = new Date("2026-11-24T12:00:00Z");

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

async function teamWithMember() {
  const owner = await createAccount(t.db, { card: null });
  const member = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id);
  return { team: owner.team, owner: owner.user, member: member.user };
}

describe("the card on file", () => {
  it("an owner sets and replaces it; only brand, last four and expiry are stored", async () => {
    const { team, owner, member } = await teamWithMember();
    expect(await teamCard(t.db, member.id, team.id)).toBeNull();
    const card = await setTeamCard(
      t.db,
      { actorId: owner.id, teamId: team.id, number: "4242 4242 4242 4242", expiry: "12 / 28" },
      NOW,
    );
    expect(card).toEqual({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2028, declines: false });
    expect(describeCard(card)).toBe("Visa •••• 4242, expires 12/28");
    const replaced = await setTeamCard(
      t.db,
      { actorId: owner.id, teamId: team.id, number: "5555-5555-5555-4444", expiry: "03/2031" },
      NOW,
    );
    expect(describeCard(replaced)).toBe("Mastercard •••• 4444, expires 03/31");
    expect(await t.db.paymentMethod.count({ where: { teamId: team.id } })).toBe(1);
    const row = await t.db.paymentMethod.findUniqueOrThrow({ where: { teamId: team.id } });
    expect(JSON.stringify(row)).not.toContain("55555555");
    expect(await teamCard(t.db, member.id, team.id)).toEqual(replaced); // members see it
  });

  it("a declining test number is saved and marked: charges to it are declined", async () => {
    const { team, owner } = await teamWithMember();
    const card = await setTeamCard(
      t.db,
      { actorId: owner.id, teamId: team.id, number: "4000 0000 0000 0002", expiry: "1/30" },
      NOW,
    );
    expect(card).toMatchObject({ last4: "0002", declines: true });
    await expect(
      chargeTeam(t.db, {
        teamId: team.id,
        amountCents: 2500,
        largestGiftCents: 2500,
        collectionIds: [],
        description: "x",
        by: SYSTEM,
      }),
    ).rejects.toBeInstanceOf(BillingError);
  });

  it("a member (403 owner_required) or stranger (404) can't set it, and the card is unchanged", async () => {
    const { team, owner, member } = await teamWithMember();
    await setTeamCard(t.db, { actorId: owner.id, teamId: team.id, number: "4242424242424242", expiry: "12/28" }, NOW);
    const byMember = await refusal(
      setTeamCard(t.db, { actorId: member.id, teamId: team.id, number: "4000000000000002", expiry: "12/29" }, NOW),
    );
    expect([byMember.status, byMember.code]).toEqual([403, "owner_required"]);
    expect(byMember.message).toMatch(/Only the team's owners can manage the card on file/);
    const stranger = await createPerson(t.db);
    expect(
      (
        await refusal(
          setTeamCard(
            t.db,
            { actorId: stranger.user.id, teamId: team.id, number: "4000000000000002", expiry: "12/29" },
            NOW,
          ),
        )
      ).status,
    ).toBe(404);
    expect(await teamCard(t.db, owner.id, team.id)).toMatchObject({ last4: "4242", expYear: 2028, declines: false });
    expect((await refusal(recentCharges(t.db, member.id, team.id))).code).toBe("owner_required");
  });

  it("invalid numbers and expiries are refused and nothing is saved", async () => {
    const { team, owner } = await teamWithMember();
    const cases: [unknown, unknown, RegExp][] = [
      ["4242 4242 4242 4241", "12/28", /not a valid card number/],
      ["4242", "12/28", /not a valid card number/],
      ["4242424242424242".repeat(1000), "12/28", /not a valid card number/],
      ["4242-4242-4242-4242\u0000", "12/28", /not a valid card number/],
      ["", "12/28", /Enter the card number/],
      [null, "12/28", /Enter the card number/],
      ["4242424242424242", "10/26", /expired/],
      ["4242424242424242", "13/28", /month must be 1 to 12/],
      ["4242424242424242", "00/28", /month must be 1 to 12/],
      ["4242424242424242", "12/2099", /too far ahead/],
      ["4242424242424242", "1228", /MM \/ YY/],
      ["4242424242424242", "12/28".repeat(100), /MM \/ YY/],
      ["4242424242424242", undefined, /MM \/ YY/],
    ];
    for (const [number, expiry, message] of cases) {
      const error = await refusal(setTeamCard(t.db, { actorId: owner.id, teamId: team.id, number, expiry }, NOW));
      expect([error.status, error.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await teamCard(t.db, owner.id, team.id)).toBeNull();
    expect(parseExpiry("11 / 26", NOW)).toEqual({ expMonth: 11, expYear: 2026 }); // this month still works
  });

  it("owners see the latest charges and refunds with their currency; members see none", async () => {
    const { team, owner, member } = await teamWithMember();
    await setTeamCard(t.db, { actorId: owner.id, teamId: team.id, number: "4242424242424242", expiry: "12/28" }, NOW);
    const charge = await chargeTeam(t.db, {
      teamId: team.id,
      amountCents: 2500,
      largestGiftCents: 2500,
      collectionIds: [],
      description: "1 gift: Coffee Lovers",
      by: SYSTEM,
    });
    await refundGift(t.db, { id: "gft_refunded", teamId: team.id, chargeId: charge.id, priceCents: 2500 }, SYSTEM);
    const charges = await recentCharges(t.db, owner.id, team.id);
    expect(charges.map((c) => [c.kind, c.amountCents, c.currency])).toEqual([
      ["refund", -2500, "USD"],
      ["charge", 2500, "USD"],
    ]);
    expect((await teamOverview(t.db, owner.id, team.id)).charges).toHaveLength(2);
    expect((await teamOverview(t.db, member.id, team.id)).charges).toEqual([]);
  });
});
