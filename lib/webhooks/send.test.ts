import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { isPublicAddress } from "@/lib/http/address-policy";
import { postWebhook } from "./send";
import { PATIENT_MS } from "@/lib/testing/wait-for";

let receiver: Receiver;
let other: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(3240);
  other = await startReceiver(3241);
});
afterAll(async () => {
  await receiver?.close();
  await other?.close();
});

const refused = { allowPrivate: false, timeoutMs: 2_000 };

describe("which addresses are public", () => {
  it("refuses private, loopback, link-local, shared, reserved and multicast IPv4", () => {
    for (const ip of [
      "127.0.0.1",
      "127.5.5.5",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "192.0.2.1",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "93.184.216.34"]) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("refuses non-global IPv6, and IPv4-mapped or NAT64 forms of private IPv4", () => {
    for (const ip of [
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "64:ff9b::a00:1",
      "2001:db8::1",
      "2002:7f00:1::1",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ["2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])
      expect(isPublicAddress(ip), ip).toBe(true);
    expect(isPublicAddress("not an ip")).toBe(false);
  });
});

describe("postWebhook with private addresses refused (RIBBON_WEBHOOKS_ALLOW_PRIVATE off)", () => {
  it("never connects to 127.0.0.1, 10.0.0.1, 169.254.169.254, [::1] or a host name resolving to loopback", async () => {
    const before = receiver.received.length;
    for (const url of [
      receiver.url,
      `http://localhost:${receiver.port}/hooks`,
      `http://[::1]:${receiver.port}/hooks`,
      "http://10.0.0.1/hooks",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:127.0.0.1]:3240/hooks",
      "http://2130706433:3240/hooks", // 127.0.0.1 as a number: the URL parser normalises it
    ]) {
      const outcome = await postWebhook(url, {}, "{}", refused);
      expect(outcome.status, url).toBeNull();
      expect(outcome.error, url).toMatch(/not a public address/);
    }
    expect(receiver.received.length).toBe(before);
  });

  it("refuses other schemes and URLs with credentials", async () => {
    for (const url of [
      "ftp://example.com/x",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "http://user:pw@example.com/",
      "not a url",
    ]) {
      const outcome = await postWebhook(url, {}, "{}", refused);
      expect(outcome.status, url).toBeNull();
      expect(outcome.error, url).toBeTruthy();
    }
  });
});

describe("postWebhook to a loopback receiver (allowed)", () => {
  // The receiver answers at once: the timeout only bounds a failure, generously (a busy machine).
  const allowed = { allowPrivate: true, timeoutMs: PATIENT_MS };

  it("posts the body and headers, and keeps no part of a private address's answer (a huge one is not read whole)", async () => {
    receiver.reply({ status: 200, body: "x".repeat(5_000_000) });
    const outcome = await postWebhook(receiver.url, { "webhook-id": "msg_1" }, '{"a":1}', allowed);
    expect(outcome).toMatchObject({ status: 200, error: null, body: null });
    const last = receiver.received.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers["webhook-id"]).toBe("msg_1");
    expect(last.headers["content-type"]).toBe("application/json");
  });

  it("does not follow a redirect to loopback: the 302 is the answer and the target gets nothing", async () => {
    const before = other.received.length;
    receiver.reply({ status: 302, headers: { location: other.url } });
    const outcome = await postWebhook(receiver.url, {}, "{}", allowed);
    expect(outcome.status).toBe(302);
    expect(other.received.length).toBe(before);
  });

  it("gives up after the timeout", async () => {
    receiver.reply({ status: 200, delayMs: 5_000 });
    const outcome = await postWebhook(receiver.url, {}, "{}", { allowPrivate: true, timeoutMs: 300 });
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/timed out after 300 ms/);
    expect(outcome.durationMs).toBeLessThan(2_000);
  });

  it("gives up on a receiver that answers headers and then drips its body forever", async () => {
    const drip = http.createServer((_req, res) => {
      res.writeHead(200);
      res.write("a");
    });
    await new Promise<void>((resolve) => drip.listen(3245, "127.0.0.1", resolve));
    try {
      const outcome = await postWebhook("http://127.0.0.1:3245/", {}, "{}", { allowPrivate: true, timeoutMs: 300 });
      expect(outcome).toMatchObject({ status: null, error: "timed out after 300 ms" });
    } finally {
      drip.closeAllConnections();
      drip.close();
    }
  });

  it("reports a refused connection as an error, never a throw", async () => {
    const outcome = await postWebhook("http://127.0.0.1:3249/nothing-listens", {}, "{}", allowed);
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });
});
