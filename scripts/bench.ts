// `npm run bench`: API throughput through the real route handlers on a fresh database
// (PGlite by default; PostgreSQL with RIBBON_TEST_DB=pg). Prints one line per measurement.
import { performance } from "node:perf_hooks";
import { setDatabase } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { apiAs } from "@/lib/testing/api-client";

process.env.AUTH_SECRET ??= "bench-secret";
process.env.RIBBON_SWEEPER = "off";

async function measure(label: string, count: number, run: () => Promise<void>) {
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s   ${((count * 1000) / ms).toFixed(0).padStart(7)} /s`);
}

const database = await openTestDatabase();
setDatabase(database);
try {
  await catalogue(database.prisma);
  const { tokens } = await createAccount(database.prisma);
  const live = apiAs(tokens.live);
  const gift = { name: "Robin", email: "robin@example.com", collection: "Coffee Lovers", message: "Thank you!", from: "Alex" };
  console.log(`Ribbon benchmarks on ${database.kind}`);

  await measure("POST /gifts, 200 sequential", 200, async () => {
    for (let i = 0; i < 200; i++) if ((await live.post("/gifts", { gift })).status !== 200) throw new Error("create failed");
  });
  for (const n of [1_000, 10_000]) {
    const recipients = Array.from({ length: n }, (_, i) => ({ name: `Recipient ${i}`, email: `r${i}@example.com` }));
    await measure(`POST /bulk/gifts, ${n.toLocaleString("en")} recipients (gifts/s)`, n, async () => {
      const res = await live.post("/bulk/gifts", { gift: { collection: "Tea Time", message: "Hi", from: "Alex", recipients_attributes: recipients } });
      if (res.status !== 200 || res.body.data.length !== n) throw new Error(`bulk failed: ${res.status}`);
    });
  }
  await measure("GET /gifts?page[size]=200, 20 pages", 20, async () => {
    let path: string | null = "/gifts?page[size]=200";
    for (let i = 0; i < 20 && path; i++) {
      const res = await live.get(path);
      path = res.body.links.next ? res.body.links.next.replace(/^.*\/api\/v1/, "") : null;
    }
  });
} finally {
  setDatabase(undefined);
  await database.close();
}
