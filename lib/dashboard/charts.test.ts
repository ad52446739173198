import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { readBudget } from "@/lib/billing";
import { catalogue, createAccount, giftRow } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { activityPerDay, chartDays, dashboardFunnel, spendThisMonth } from "./index";
import { liveQuery as live } from "@/lib/testing/dashboard";

const t = processDatabaseForFile();
let actor: TeamActor<SessionActor>;
const at = (day: string, time = "12:00:00") => new Date(`2026-03-${day}T${time}Z`);

beforeAll(async () => {
  const owner = await createAccount(t.db);
  actor = await onTeam(
    t.db,
    { user: owner.user, mode: "live", via: "session", credentialId: null } as SessionActor,
    owner.team.id,
  );
  const cat = await catalogue(t.db);
  const base = { teamId: owner.team.id, senderId: owner.user.id, createdAt: at("01"), chargeId: null };
  // Sent on the 2nd (two) and the 5th; one opened on the 3rd (and reminded later: not a second open), one redeemed on the 4th.
  const gifts = [
    giftRow(cat, { ...base, stage: "redeemed", sentAt: at("02") }),
    giftRow(cat, { ...base, stage: "opened", sentAt: at("02", "23:59:59") }),
    giftRow(cat, { ...base, stage: "sent", sentAt: at("05") }),
    giftRow(cat, { ...base, stage: "scheduled" }),
  ];
  await t.db.gift.createMany({ data: gifts });
  await t.db.giftEvent.createMany({
    data: [
      { giftId: gifts[0].id, stage: "opened", createdAt: at("03") },
      { giftId: gifts[0].id, stage: "redeemed", createdAt: at("04") },
      { giftId: gifts[1].id, stage: "opened", createdAt: at("03", "00:00:00") },
      { giftId: gifts[1].id, stage: "opened", action: "reminded", createdAt: at("06") },
    ],
  });
});

describe("the activity chart", () => {
  it("counts each day's sends, first opens and redemptions (UTC days), over the view's gifts", async () => {
    const days = await activityPerDay(t.db, actor, live({ from: "2026-03-01", to: "2026-03-07" }));
    expect(days.map((d) => d.day)).toEqual(["01", "02", "03", "04", "05", "06", "07"].map((d) => `2026-03-${d}`));
    expect(days.filter((d) => d.sent + d.opened + d.redeemed > 0)).toEqual([
      { day: "2026-03-02", sent: 2, opened: 0, redeemed: 0 },
      { day: "2026-03-03", sent: 0, opened: 2, redeemed: 0 },
      { day: "2026-03-04", sent: 0, opened: 0, redeemed: 1 },
      { day: "2026-03-05", sent: 1, opened: 0, redeemed: 0 },
    ]);
    // Its totals agree with the funnel's (the API's stage counts) for the gifts that reached each step.
    const funnel = await dashboardFunnel(t.db, actor, live());
    const step = (stage: string) => funnel.path.find((s) => s.stage === stage)!.count;
    const sum = (key: "sent" | "opened" | "redeemed") => days.reduce((n, d) => n + d[key], 0);
    expect([sum("sent"), sum("opened"), sum("redeemed")]).toEqual([step("sent"), step("opened"), step("redeemed")]);
  });

  it("bounds its days: the filter's range, at most 92, none when from is after to", () => {
    expect(chartDays({}, new Date("2026-03-31T10:00:00Z"))).toHaveLength(30);
    expect(chartDays({ from: "0001-01-01", to: "9999-12-31" })).toHaveLength(92);
    expect(chartDays({ from: "2026-03-05", to: "2026-03-01" })).toEqual([]);
  });
});

describe("the spend chart", () => {
  it("adds up to what GET /budget says was spent this month", async () => {
    const now = new Date();
    await t.db.charge.createMany({
      data: [1_000_00, 250_000_00, 7_50].map((amountCents) => ({
        teamId: actor.team.id,
        kind: "charge",
        amountCents,
        description: "test",
        cardLast4: "4242",
        createdAt: now,
      })),
    });
    const spend = await spendThisMonth(t.db, actor, now);
    const budget = await readBudget(t.db, actor.team.id, now);
    expect(spend.spentCents).toBe(budget.spentCents);
    expect(spend.days[spend.days.length - 1].cumulativeCents).toBe(budget.spentCents);
    expect(spend.days.reduce((n, d) => n + d.cents, 0)).toBe(251_007_50);
  });
});
