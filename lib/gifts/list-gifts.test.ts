import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { openTestDatabase } from "@/lib/testing/test-database";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { DEFAULT_PAGE_SIZE } from "./cursor";
import { listGiftsSql } from "./list-gifts";

const GIFTS = 3_000; // per mode: enough that a plan for a tenth of them costs more than planning

let database: Database;
let team: TeamRef;
let live: Caller;
let sandbox: Caller;
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.prisma;
  const cat = await catalogue(db);
  const account = await createAccount(db);
  team = { id: account.team.id, name: account.team.name };
  const user = { id: account.user.id, email: account.user.email, name: account.user.name ?? account.user.email };
  live = { user, mode: "live", via: "token", credentialId: 0 };
  sandbox = { ...live, mode: "sandbox" };
  await db.$executeRawUnsafe(
    `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","stage","lastEventAt","untieTokenHash","collectionId","logoId","priceCents","createdAt")
     SELECT 'gft_plan' || i, $1, $2, i % 2 = 0, 'Recipient ' || i, 'email', 'r' || i || '@example.com', 'A gift', 'Thanks', 'Us',
            'sent', now(), md5('plan' || i) || md5('p' || i), $3, $4, 2500, timestamp '2026-01-01' + i * interval '1 second'
     FROM generate_series(1, ${2 * GIFTS}) AS i`,
    team.id,
    user.id,
    cat.collection.id,
    cat.logo.id,
  );
  await db.$executeRawUnsafe(`ANALYZE "Gift"`);
});
afterAll(() => database?.close());

const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;

/** How many of `executions` runs of the list statement for `input`, prepared on one connection, used a generic plan. */
async function genericPlans(input: Parameters<typeof listGiftsSql>[0], executions = 8): Promise<number> {
  const sql = listGiftsSql(input);
  return database.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`PREPARE list_page AS ${sql.text}`);
    const args = sql.values.length > 0 ? `(${sql.values.map(literal).join(", ")})` : "";
    for (let i = 0; i < executions; i++) await tx.$queryRawUnsafe(`EXECUTE list_page${args}`);
    const [row] = await tx.$queryRawUnsafe<{ generic_plans: bigint }[]>(
      `SELECT generic_plans FROM pg_prepared_statements WHERE name = 'list_page'`,
    );
    await tx.$executeRawUnsafe(`DEALLOCATE list_page`);
    return Number(row.generic_plans);
  });
}

describe("the gift list's statement", () => {
  it("is planned once per connection for a default-size page: first or later, live or sandbox, by email", async () => {
    const after = { createdAt: new Date("2026-01-01T00:30:00.000Z"), id: "gft_plan1800" };
    const size = DEFAULT_PAGE_SIZE;
    const pages = {
      first: { caller: live, team, filter: {}, size },
      later: { caller: live, team, filter: {}, size, after },
      sandbox: { caller: sandbox, team, filter: {}, size },
      email: { caller: live, team, filter: { email: "R7@Example.com" }, size },
    };
    for (const [page, input] of Object.entries(pages)) expect(await genericPlans(input), page).toBeGreaterThan(0);
  });

  it("is planned for its values each time with a stage filter, whose generic plan would walk the team for a rare stage, or another size", async () => {
    expect(await genericPlans({ caller: live, team, filter: { stage: "sent" }, size: DEFAULT_PAGE_SIZE })).toBe(0);
    expect(await genericPlans({ caller: live, team, filter: {}, size: 20 })).toBe(0);
  });
});
