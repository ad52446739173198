// One delivery instance for `npm run bench`: delivers every due gift (outbox transport) as the
// sweeper does, then prints how many it sent and when it started and ended (epoch ms,
// so the bench measures delivery, not process start-up). Env: DATABASE_URL or RIBBON_DATA_DIR.
import { openDatabase } from "@/lib/database/open";
import { deliverAllDue } from "@/lib/delivery";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.RIBBON_DATA_DIR! });
const startedAt = Date.now();
let delivered = 0;
try {
  delivered = await deliverAllDue(database.prisma, { limit: 50 });
} finally {
  await database.close();
}
console.log(JSON.stringify({ delivered, startedAt, endedAt: Date.now() }));
