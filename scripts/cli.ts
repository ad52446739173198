// `npm run ribbon -- <command> [flags]`: the admin CLI. Prints JSON; errors go to stderr as JSON.
import { config } from "@/lib/config";
import { openDatabase } from "@/lib/database/open";
import { runCommand } from "@/lib/cli/commands";

async function main(): Promise<number> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    console.log(JSON.stringify(await runCommand(database.prisma, process.argv.slice(2)), null, 2));
    return 0;
  } catch (error) {
    console.error(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    return 1;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
