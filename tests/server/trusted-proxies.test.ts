import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, secondAddress } from "../../e2e/raw-http";
import { startServer, type RunningServer } from "./server";

// The README's several-instances recipe as written: HOST=0.0.0.0, RIBBON_TRUST_PROXY=1,
// RIBBON_TRUSTED_PROXIES unset (loopback: HAProxy on the instance's machine), no mail provider
// (the local outbox holds sign-in links). Attacked from this machine's second address, a peer
// that is not a listed proxy, with the forwarding headers an attacker writes; and through the
// listed proxy (a request from 127.0.0.1 carrying X-Forwarded-For, as HAProxy sends it).
const PORT = Number(process.env.TRUSTED_PROXIES_PORT) || 4238;
const GUESSES = 5;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(PORT, {
    HOST: "0.0.0.0",
    RIBBON_TRUST_PROXY: "1",
    RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: String(GUESSES),
  });
});

afterAll(async () => {
  await server?.stop();
});

/** From another machine (not a listed proxy), addressed to APP_URL's host. */
const fromElsewhere = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`http://${secondAddress()}:${PORT}${path}`, {
    localAddress: secondAddress(),
    headers: { Host: `127.0.0.1:${PORT}`, ...headers },
  });
/** Through the listed proxy on this machine. */
const throughProxy = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`http://127.0.0.1:${PORT}${path}`, { headers });
const badToken = (i: number) => ({ Authorization: `Bearer rbn_live_${"x".repeat(30)}${i}` });

describe("RIBBON_TRUST_PROXY=1 believes forwarding headers only from the proxies RIBBON_TRUSTED_PROXIES lists", () => {
  it("a peer not in the list sending X-Forwarded-For: 127.0.0.1 can't read the outbox, nor can anything through the proxy", async () => {
    const forged: Record<string, string>[] = [
      { "X-Forwarded-For": "127.0.0.1" },
      { "X-Forwarded-For": "127.0.0.1", Host: `localhost:${PORT}` },
      { "X-Forwarded-For": "203.0.113.9, 127.0.0.1", Forwarded: "for=127.0.0.1", "X-Real-IP": "127.0.0.1" },
    ];
    const answers: string[] = [];
    for (const path of ["/dev/outbox.json", "/dev/outbox"]) {
      for (const headers of forged) {
        const response = await fromElsewhere(path, headers);
        answers.push(`${path} ${JSON.stringify(headers)} ${response.status}`);
        expect(response.body).not.toContain("/api/auth/callback/email");
      }
      // Through the listed proxy, even a client it reports as 127.0.0.1 is not this machine.
      const forwarded = await throughProxy(path, { "X-Forwarded-For": "127.0.0.1" });
      answers.push(`${path} through the proxy ${forwarded.status}`);
    }
    expect(answers).toEqual(
      ["/dev/outbox.json", "/dev/outbox"].flatMap((path) => [
        ...forged.map((headers) => `${path} ${JSON.stringify(headers)} 404`),
        `${path} through the proxy 404`,
      ]),
    );
    // This machine itself, straight to the instance, still reads it.
    expect((await throughProxy("/dev/outbox.json")).status).toBe(200);
  });

  it("a new spoofed X-Forwarded-For per request from a peer not in the list doesn't escape the failed-guess limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GUESSES + 3; i++)
      statuses.push(
        (await fromElsewhere("/api/v1/teams", { ...badToken(i), "X-Forwarded-For": `203.0.113.${i + 1}` })).status,
      );
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });

  it("through a listed proxy the client is the right-most X-Forwarded-For entry that isn't a listed proxy", async () => {
    const statuses: number[] = [];
    // The client 198.51.100.7 writes a new address of its own on the left each time: ignored.
    for (let i = 0; i < GUESSES + 1; i++)
      statuses.push(
        (await throughProxy("/api/v1/teams", { ...badToken(i), "X-Forwarded-For": `10.9.9.${i}, 198.51.100.7` }))
          .status,
      );
    expect(statuses[0]).toBe(401);
    expect(statuses[statuses.length - 1]).toBe(429);
    // Behind a second listed hop (127.0.0.2) it is still 198.51.100.7, over its limit.
    const behindTwo = await throughProxy("/api/v1/teams", {
      ...badToken(99),
      "X-Forwarded-For": "198.51.100.7, 127.0.0.2",
    });
    expect(behindTwo.status).toBe(429);
    // Another client through the same proxy has its own count.
    expect((await throughProxy("/api/v1/teams", { ...badToken(98), "X-Forwarded-For": "198.51.100.8" })).status).toBe(
      401,
    );
  });
});
