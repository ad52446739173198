// 500 clients sending their headers one byte a second (slowloris) (docs/reliability.md).
import net from "node:net";
import { afterAll, expect, test } from "vitest";
import {
  cleanUp,
  countStatuses,
  createScratchDatabase,
  openDb,
  openLoop,
  percentile,
  seedAccount,
  sleep,
  startServer,
} from "./harness";

afterAll(cleanUp);

const SLOW = 500;

test("500 connections dripping headers a byte a second don't stop others being served, and are cut after the 10 s headers timeout", async () => {
  const url = await createScratchDatabase("slow");
  const database = await openDb(url);
  const account = await seedAccount(database);
  const server = await startServer(4130, { DATABASE_URL: url, RIBBON_SWEEPER: "off" });
  const teams = `${server.url}/api/v1/teams`;
  const init = { headers: { authorization: `Bearer ${account.tokens.live}` } };
  await openLoop(teams, init, 20, 2_000); // warm-up
  const before = await openLoop(teams, init, 20, 5_000);

  const openedAt = Date.now();
  const closedAfter: number[] = [];
  const sockets = Array.from({ length: SLOW }, () => {
    const socket = net.connect(server.port, "127.0.0.1");
    let connectedAt = Date.now();
    socket.on("error", () => undefined);
    socket.on("close", () => closedAfter.push(Date.now() - connectedAt));
    socket.once("connect", () => {
      connectedAt = Date.now();
      socket.write("GET /api/v1/teams HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    });
    const drip = setInterval(() => (socket.writable ? socket.write("a") : clearInterval(drip)), 1_000);
    socket.on("close", () => clearInterval(drip));
    return socket;
  });
  const during = await openLoop(teams, init, 20, 15_000);
  await sleep(Math.max(0, 17_000 - (Date.now() - openedAt)));
  for (const socket of sockets) socket.destroy();

  console.log(
    JSON.stringify({
      figure: "slow-clients",
      slow: SLOW,
      before: { p50: percentile(before, 50), p99: percentile(before, 99) },
      during: { p50: percentile(during, 50), p99: percentile(during, 99), n: during.length },
      slowClosedAfterMs: { min: Math.min(...closedAfter), max: Math.max(...closedAfter) },
    }),
  );
  // Node answers 408 and closes each one once the headers timeout (10 s, checked every second) has passed.
  expect(closedAfter.length).toBe(SLOW);
  expect(Math.max(...closedAfter)).toBeLessThan(15_000);
  expect(countStatuses(during)).toEqual({ 200: during.length });
  // Served without a stall: the machine is shared, so compared with the same load before.
  expect(percentile(during, 99)).toBeLessThan(percentile(before, 99) + 1_000);
});
