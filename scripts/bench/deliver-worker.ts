// One delivery instance for `npm run bench`: runs deliverDueGifts (outbox transport) until a
// sweep claims nothing, then prints how many it sent and when it started and ended (epoch ms,
// so the bench measures delivery, not process start-up). Env: DATABASE_URL or RIBBON_DATA_DIR.
import { openDatabase } from "@/lib/database/open";
import { deliverDueGifts } from "@/lib/delivery";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.RIBBON_DATA_DIR! });
let delivered = 0;
const startedAt = Date.now();
try {
  for (;;) {
    const sweep = await deliverDueGifts(database.prisma, { limit: 50 });
    if (sweep.claimed === 0) break;
    delivered += sweep.sent + sweep.suppressed;
  }
} finally {
  await database.close();
}
console.log(JSON.stringify({ delivered, startedAt, endedAt: Date.now() }));
