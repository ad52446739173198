import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Inngest } from "inngest";
import { notifyGiftCancelled, notifyGiftsScheduled } from "./events";

// A stand-in for the Inngest dev server's event API (an external service): records each request's events.
type SentEvent = { id: string; name: string; data: Record<string, unknown> };
const requests: SentEvent[][] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const events = JSON.parse(body) as SentEvent[];
      requests.push(events);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ids: events.map((_, i) => `evt_${i}`), status: 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  requests.length = 0;
});

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const devClient = () => new Inngest({ id: "ribbon-test", isDev: true, baseUrl, logger: quiet, internalLogger: quiet });
const useInngestDevServer = () => (vi.stubEnv("INNGEST_DEV", "1"), vi.stubEnv("INNGEST_BASE_URL", baseUrl));

test("without Inngest configured, notices are not sent anywhere", async () => {
  await notifyGiftsScheduled([{ id: "gft_1", scheduledAt: new Date() }], devClient());
  await notifyGiftCancelled("gft_1", devClient());
  expect(requests).toEqual([]);
});

test("gift/scheduled events go out in batches of 500, one per gift with a send time, with ids from the gift ids", async () => {
  useInngestDevServer();
  const at = new Date("2030-05-01T10:00:00.000Z");
  const gifts = Array.from({ length: 1200 }, (_, i) => ({ id: `gft_${i}`, scheduledAt: at }));
  const links = Array.from({ length: 5 }, (_, i) => ({ id: `gft_link_${i}`, scheduledAt: null }));

  await notifyGiftsScheduled([...gifts.slice(0, 600), ...links, ...gifts.slice(600)], devClient());

  expect(requests.map((r) => r.length)).toEqual([500, 500, 200]);
  const events = requests.flat();
  expect(events.map((e) => e.data.giftId)).toEqual(gifts.map((g) => g.id));
  expect(events[0]).toMatchObject({
    id: "gift-scheduled-gft_0",
    name: "gift/scheduled",
    data: { giftId: "gft_0", scheduledAt: "2030-05-01T10:00:00.000Z" },
  });
});

test("gift/cancelled names the gift", async () => {
  useInngestDevServer();
  await notifyGiftCancelled("gft_9", devClient());
  expect(requests).toEqual([
    [expect.objectContaining({ id: "gift-cancelled-gft_9", name: "gift/cancelled", data: { giftId: "gft_9" } })],
  ]);
});

test("an unreachable Inngest is logged, not thrown: the gift is committed and the minute sweep still delivers it", async () => {
  useInngestDevServer();
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const down = new Inngest({
    id: "ribbon-test",
    isDev: true,
    baseUrl: "http://127.0.0.1:9",
    logger: quiet,
    internalLogger: quiet,
  });
  await expect(notifyGiftsScheduled([{ id: "gft_x", scheduledAt: new Date() }], down)).resolves.toBeUndefined();
  expect(error).toHaveBeenCalledWith(
    expect.stringContaining("could not send 1 gift/scheduled event(s) to Inngest"),
    expect.anything(),
  );
});
