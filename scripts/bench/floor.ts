// The floor for `POST /gifts`: a bare node:http server with the database driver (pg, or
// PGlite on the embedded default) doing the same writes as one sandbox create (gift, first
// event, message history, in one transaction) with no framework, ORM or validation.
// Started by scripts/bench.ts; env: PORT, FLOOR_TEAM, FLOOR_USER, FLOOR_COLLECTION, FLOOR_LOGO,
// and DATABASE_URL or FLOOR_PGLITE_DIR.
import http from "node:http";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { pgliteExtensions } from "@/lib/database/pglite-extensions";

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

async function connect(): Promise<{ transaction(run: (q: Query) => Promise<void>): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const { Pool } = await import("pg");
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      async transaction(run) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          await run((sql, params) => client.query(sql, params));
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create(path.join(process.env.FLOOR_PGLITE_DIR!, "pgdata"), {
    extensions: await pgliteExtensions(),
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void pglite.close().then(() => process.exit(0)));
  return { transaction: (run) => pglite.transaction((tx) => run((sql, params) => tx.query(sql, params))) };
}

const db = await connect();
const env = process.env;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

http
  .createServer((req, res) => {
    if (req.method !== "POST") return void res.end("floor");
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      try {
        const gift = JSON.parse(body).gift;
        const id = `gft_${randomBytes(16).toString("hex")}`;
        const now = new Date().toISOString();
        await db.transaction(async (q) => {
          await q(
            `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","stage","lastEventAt","untieTokenHash","collectionId","logoId","priceCents","createdAt")
             VALUES ($1,$2,$3,false,$4,'email',$5,$6,$7,$8,'scheduled',$9,$10,$11,$12,0,$9)`,
            [
              id,
              env.FLOOR_TEAM,
              env.FLOOR_USER,
              gift.name,
              gift.email,
              "A gift",
              gift.message,
              gift.from,
              now,
              sha256(id),
              Number(env.FLOOR_COLLECTION),
              Number(env.FLOOR_LOGO),
            ],
          );
          await q(`INSERT INTO "GiftEvent" ("giftId","stage","createdAt") VALUES ($1,'scheduled',$2)`, [id, now]);
          await q(
            `INSERT INTO "GiftMessage" ("teamId","userId","message","messageHash","createdAt") VALUES ($1,$2,$3,$4,$5)
             ON CONFLICT ("teamId","userId","messageHash") DO UPDATE SET "createdAt" = EXCLUDED."createdAt"`,
            [env.FLOOR_TEAM, env.FLOOR_USER, gift.message, sha256(gift.message), now],
          );
        });
        res.writeHead(200, { "Content-Type": "application/vnd.api+json" });
        res.end(
          JSON.stringify({
            data: { type: "gifts", id, attributes: { ...gift, stage: "scheduled", "created-at": now } },
          }),
        );
      } catch (error) {
        res.writeHead(500);
        res.end(String(error));
      }
    });
  })
  .listen(Number(env.PORT), "127.0.0.1", () => console.log("floor ready"));
