// `npx tsx scripts/seed-campaign.ts [--data-dir=.data | --database-url=postgresql://…] [--team=<team id>]
//   [--gifts=10000] [--team-gifts=0] [--measure] [--batch=<id>: measure that campaign, seed nothing]`
//
// A campaign to look at and to measure: one batch ("Holiday 2026") of --gifts gifts in a team
// (--team: an existing team, its first owner the sender; else a new account), written with SQL
// (generate_series), with the stages a real campaign has a week in (sent, opened, redeemed,
// shipped, delivered, expired, cancelled), their events, one charge and the refunds.
// --team-gifts=N adds N more gifts to the team, out of any batch, from three senders (for the
// "team of a million gifts" figures). --measure then times the campaigns and senders queries
// (lib/dashboard/campaigns.ts, senders.ts) in this process, p50 of 7 runs after a warm-up.
// The server must not be running on the same --data-dir (PGlite: one process per folder).
import { performance } from "node:perf_hooks";
import { onTeam } from "@/lib/actor";
import { openDatabase } from "@/lib/database/open";
import { campaign, listCampaigns, notOpened, teamSenders } from "@/lib/dashboard";
import { randomSecret } from "@/lib/crypto";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { CAMPAIGN_STAGE_OF, seedCampaign } from "@/lib/testing/campaign";
import { createPerson } from "@/lib/testing/teams";
import { addMember } from "@/lib/teams";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string?]));
const GIFTS = Number(args.gifts ?? 10_000);
const TEAM_GIFTS = Number(args["team-gifts"] ?? 0);

const database = await openDatabase({ databaseUrl: args["database-url"], dataDir: args["data-dir"] ?? ".data" });
const db = database.prisma;
try {
  const cat = await catalogue(db);
  let teamId = args.team;
  let owner: { id: string; name: string | null; email: string };
  if (teamId) {
    const membership = await db.membership.findFirstOrThrow({
      where: { teamId, role: "owner" },
      include: { user: true },
      orderBy: { createdAt: "asc" },
    });
    owner = membership.user;
  } else {
    const account = await createAccount(db, { teamName: "Campaign seed" });
    teamId = account.team.id;
    owner = account.user;
  }
  const batchId = args.batch ?? `bat_${randomSecret(16)}`;
  // --batch=<id>: no seeding, only the measures of that campaign.
  if (!args.batch) {
    const price = cat.collection.priceCents;
    const started = performance.now();
    const { chargeId } = await seedCampaign(db, cat, { teamId, senderId: owner.id, gifts: GIFTS, batchId });
    const stageOf = CAMPAIGN_STAGE_OF;
    if (TEAM_GIFTS > 0) {
      const senders = [owner.id];
      for (let n = 0; n < 2; n++) {
        const person = await createPerson(db);
        await addMember(db, teamId, person.user.id, "member");
        senders.push(person.user.id);
      }
      for (let from = 1; from <= TEAM_GIFTS; from += 200_000)
        await db.$executeRawUnsafe(
          `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","scheduledAt","sentAt","stage","lastEventAt","untieTokenHash","collectionId","designId","logoId","priceCents","chargeId","createdAt")
         SELECT 'gft_team' || lpad(i::text, 9, '0') || '${randomSecret(4)}', $1, ($2::text[])[i % 3 + 1], true, 'Recipient ' || i, 'email',
                'recipient' || i || '@example.com', 'A gift', 'Thank you!', 'The team', timestamp '2026-01-01', timestamp '2026-01-01',
                ${stageOf}, timestamp '2026-01-01', md5('${batchId}t' || i) || md5('t' || i), $3, $4, $5, $6, $7,
                timestamp '2025-01-01' + (i / 4) * interval '1 second'
         FROM generate_series(${from}, ${Math.min(TEAM_GIFTS, from + 199_999)}) AS i`,
          teamId,
          senders,
          cat.collection.id,
          cat.design.id,
          cat.logo.id,
          price,
          chargeId,
        );
    }
    await db.$executeRawUnsafe(`ANALYZE`);
    console.log(
      `seed-campaign: batch ${batchId} (${GIFTS.toLocaleString("en")} gifts${TEAM_GIFTS ? ` + ${TEAM_GIFTS.toLocaleString("en")} more in the team` : ""}) in team ${teamId} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`seed-campaign: /dashboard/${teamId}/campaigns/${batchId}`);
  }

  if ("measure" in args) {
    const actor = await onTeam(db, { user: owner, mode: "live", via: "session", credentialId: null }, teamId);
    const page = await notOpened(db, actor, batchId);
    const deep = await db.gift.findFirstOrThrow({
      where: { batchId, stage: "sent" },
      orderBy: { id: "desc" },
      skip: 50,
      select: { id: true },
    });
    const cases: [string, () => Promise<unknown>][] = [
      ["campaigns list, first page", () => listCampaigns(db, actor)],
      [`campaign page numbers (${GIFTS.toLocaleString("en")} gifts)`, () => campaign(db, actor, batchId)],
      ["who hasn't opened, first page", () => notOpened(db, actor, batchId)],
      ["who hasn't opened, a late page", () => notOpened(db, actor, batchId, { after: deep.id })],
      ["senders, all time", () => teamSenders(db, actor, {})],
      [
        "senders, the last 30 days (the page's default)",
        () => teamSenders(db, actor, { from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10) }),
      ],
      // --team-gifts are created from 2025-01-01, four a second: that day holds up to 345,600 of them.
      ["senders, 2025-01-01", () => teamSenders(db, actor, { from: "2025-01-01", to: "2025-01-01" })],
    ];
    if (!page.rows.length) throw new Error("no gift waiting to be opened: the seed went wrong");
    for (const [figure, run] of cases) {
      await run();
      const times: number[] = [];
      for (let n = 0; n < 7; n++) {
        const at = performance.now();
        await run();
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      console.log(
        `seed-campaign: ${figure}: p50 ${times[3].toFixed(1)} ms, max ${times[6].toFixed(1)} ms (${database.kind})`,
      );
    }
  }
} finally {
  await database.close();
}
