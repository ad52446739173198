import { afterAll, beforeAll, expect, it } from "vitest";
import { useDatabase } from "@/lib/db";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { apiAs } from "@/lib/testing/api-client";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  useDatabase(database);
  await catalogue(database.prisma);
});
afterAll(async () => {
  useDatabase(undefined);
  await database.close();
});

it("smoke", async () => {
  const { team, tokens } = await createAccount(database.prisma);
  const live = apiAs(tokens.live);
  const c = await live.get("/collections");
  expect(c.status).toBe(200);
  const created = await live.post(`/teams/${team.id}/gifts`, { gift: { name: "Robin", email: "robin@example.com", collection: "Coffee Lovers", message: "Thanks!", from: "Alex" } });
  console.log(JSON.stringify(created.body, null, 1).slice(0, 3000));
  expect(created.status).toBe(200);
  const bad = await live.post(`/gifts`, { gift: { name: "", email: "nope", collection: "Nope", message: "a\u0001b", from: " " } });
  console.log(JSON.stringify(bad.body, null, 1));
  const bulk = await live.post(`/bulk/gifts`, { gift: { collection: "1", message: "Hi", from: "Me", recipients_attributes: Array.from({ length: 3 }, (_, i) => ({ name: `R${i}`, email: `r${i}@x.io` })) } });
  expect(bulk.status).toBe(200);
  const list = await live.get(`/gifts?page[size]=2`);
  console.log(list.body.links, list.body.data.length);
  const del = await live.delete(`/gifts/${created.body.data.id}`);
  expect(del.body.data.attributes.stage).toBe("cancelled");
  const del2 = await live.delete(`/gifts/${created.body.data.id}`);
  console.log(del2.status, JSON.stringify(del2.body));
  console.log(await database.prisma.charge.findMany());
});
