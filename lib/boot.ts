import { assertValidConfig, config } from "./config";
import { allowLongTransaction } from "@/lib/database/transaction-budget";
import { getDatabase } from "./db";
import { appSecret } from "./secrets";
import { seedCatalogue } from "./catalogue/seed";
import { createDemoData, demoCredentialsPath, tryItMessage } from "./demo/create-demo-data";
import { startSweeper } from "./jobs";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/** The advisory lock key held while the catalogue is seeded (any constant other code doesn't use). */
const SEED_LOCK = 0x72626e73; // "rbns"

/** Why start-up's transactions may outlive the budget: nobody is served yet. */
const BEFORE_SERVING = "start-up: the catalogue and demo data are written before the server serves";

/** Server start-up: open and migrate the database, seed the catalogue, create demo data. */
export async function boot(): Promise<void> {
  assertValidConfig();
  appSecret(); // generated into the data folder on the first start, unless AUTH_SECRET is set
  const database = await getDatabase();
  if (database.applied.length > 0) console.log(`Ribbon: applied migrations ${database.applied.join(", ")}`);
  // Instances starting together seed one at a time: two upserts of one new row both insert.
  await allowLongTransaction(BEFORE_SERVING, () =>
    database.prisma.$transaction(
      async (tx) => {
        await queryRows(tx, Prisma.sql`SELECT 1 FROM pg_advisory_xact_lock(${SEED_LOCK}::bigint)`);
        await seedCatalogue(tx);
      },
      { timeout: 60_000, maxWait: 30_000 },
    ),
  );
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  console.log(`Ribbon: database ready (${where}); serving ${config.appUrl}`);
  if (config.demo) {
    const credentials = await allowLongTransaction(BEFORE_SERVING, () =>
      createDemoData(database.prisma, { dataDir: config.dataDir, appUrl: config.appUrl }),
    );
    if (credentials) console.log(tryItMessage(credentials, demoCredentialsPath(config.dataDir)));
  }
  startSweeper(); // delivers scheduled gift emails, unless Inngest does (or RIBBON_SWEEPER=off)
}

/** For the server: a failed start (e.g. the data folder is held by another process) ends it with a clear message. */
export async function bootOrExit(): Promise<void> {
  try {
    await boot();
  } catch (error) {
    console.error(`Ribbon could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
