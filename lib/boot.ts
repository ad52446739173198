import { assertValidConfig, config } from "./config";
import { getDatabase } from "./db";
import { appSecret } from "./secrets";
import { seedCatalogue } from "./catalogue/seed";
import { createDemoData, demoCredentialsPath, tryItMessage } from "./demo/create-demo-data";
import { startSweeper } from "./jobs";

/** Server start-up: open and migrate the database, seed the catalogue, create demo data. */
export async function boot(): Promise<void> {
  assertValidConfig();
  appSecret(); // generated into the data folder on the first start, unless AUTH_SECRET is set
  const database = await getDatabase();
  if (database.applied.length > 0) console.log(`Ribbon: applied migrations ${database.applied.join(", ")}`);
  await seedCatalogue(database.prisma);
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  console.log(`Ribbon: database ready (${where}); serving ${config.appUrl}`);
  if (config.demo) {
    const credentials = await createDemoData(database.prisma, { dataDir: config.dataDir, appUrl: config.appUrl });
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
