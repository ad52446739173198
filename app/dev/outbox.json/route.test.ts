import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import { setDatabase } from "@/lib/db";
import { deliverGift } from "@/lib/delivery";
import { outboxTransport } from "@/lib/outbox";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { socketHeaders } from "@/lib/testing/socket-headers";
import { GET } from "./route";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.close();
});

const get = (headers: Headers) => GET(new Request("http://localhost:3000/dev/outbox.json", { headers }));

test("GET /dev/outbox.json lists the outbox, newest first, to loopback clients", async () => {
  const db = database.prisma;
  const { user, team } = await createAccount(db);
  const gift = await insertGift(db, { teamId: team.id, senderId: user.id, ccEmail: "cc@example.test" });
  await deliverGift(db, gift.id, { transport: outboxTransport });

  const response = await get(socketHeaders("127.0.0.1", { host: "localhost:3000" }));
  expect(response.status).toBe(200);
  const { data } = await response.json();
  expect(data).toHaveLength(1);
  expect(data[0]).toMatchObject({
    kind: "gift",
    to: "robin@example.test",
    cc: "cc@example.test",
    subject: gift.subject,
    status: "stored",
    gift_id: gift.id,
  });
  expect(data[0].html).toContain("Untie your gift");
  expect(data[0].text).toContain(gift.message);
  expect(new Date(data[0].created_at).toISOString()).toBe(data[0].created_at);
});

test("other clients get a 404, whatever their headers claim", async () => {
  const response = await get(socketHeaders("203.0.113.7", { host: "localhost:3000", "x-forwarded-for": "127.0.0.1" }));
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ errors: [{ status: "404", title: "NotFound", detail: "Not found." }] });
});
