import { rmSync } from "node:fs";
import { openDatabase } from "@/lib/database/open";
import { createDataDir, PGLITE_TEMPLATE_ENV, usingPostgres } from "./test-database";

/**
 * Vitest global setup: creating and migrating a PGlite folder costs seconds, so it is done
 * once here and every test file starts from a copy of it (see openTestDatabase).
 */
export default async function setup() {
  if (usingPostgres()) return;
  const dir = createDataDir();
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
