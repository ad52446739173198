import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/errors";
import { refuseTokenRequest } from "@/lib/api/oauth";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "./unavailable";
import { POOL_TIMEOUTS } from "./open";

// A PostgreSQL that isn't there: nothing listens on port 1 of the loopback, so connecting is refused at once.
const nowhere = "postgresql://postgres@127.0.0.1:1/none";

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("an unreachable database", () => {
  it("is recognised through node-postgres and through Prisma's adapter, and answered 503 JSON:API with Retry-After", async () => {
    const pool = new Pool({ connectionString: nowhere, ...POOL_TIMEOUTS });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      const failures = [
        await failureOf(() => pool.query("SELECT 1")),
        await failureOf(() => prisma.user.findFirst()),
        await failureOf(() => prisma.$queryRaw`SELECT 1`),
        await failureOf(() => prisma.$transaction(async (tx) => tx.user.findFirst())),
      ];
      for (const failure of failures) {
        expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
        const response = errorResponse(failure, "req_test");
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(response.headers.get("content-type")).toContain("application/vnd.api+json");
        expect(((await response.json()) as { errors: { code: string }[] }).errors[0].code).toBe("service_unavailable");
        // The OAuth token endpoint (not JSON:API): RFC 6749's error JSON, 503 and Retry-After too.
        const token = await refuseTokenRequest(
          new Request("http://127.0.0.1/oauth2/token", { method: "POST" }),
          failure,
        );
        expect(token.status).toBe(503);
        expect(token.headers.get("retry-after")).toBe("5");
        expect(await token.json()).toMatchObject({ error: "temporarily_unavailable" });
      }
    } finally {
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it("leaves other failures alone: a bug is still a 500", async () => {
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "23505", message: "duplicate key value violates unique constraint" })).toBe(
      false,
    );
    expect(errorResponse(new TypeError("x is undefined")).status).toBe(500);
    const request = new Request("http://127.0.0.1/oauth2/token", { method: "POST" });
    expect((await refuseTokenRequest(request, new TypeError("x is undefined"))).status).toBe(500);
  });
});
