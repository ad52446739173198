import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookHeaders } from "@/lib/webhooks/sign";
import { Ribbon, verifyWebhook, WebhookVerificationError } from "../src/index";

// Deliveries signed by the server's own signer (lib/webhooks/sign.ts) and by the reference
// Standard Webhooks library, verified by the client; forged, tampered and replayed ones refused.
const secret = () => `whsec_${randomBytes(24).toString("base64")}`;
const EVENT = {
  type: "gift.sent",
  timestamp: "2026-11-23T09:00:00.000Z",
  data: { id: "gft_1", type: "gifts", attributes: { stage: "sent" } },
};
const body = JSON.stringify(EVENT);
const now = () => Math.floor(Date.now() / 1000);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).code;
}

describe("verifyWebhook", () => {
  it("accepts the server's signature and answers the typed event (Headers or Node's header object)", async () => {
    const key = secret();
    const headers = webhookHeaders([key], "msg_1", now(), body);
    const event = await verifyWebhook(body, headers, key);
    expect(event).toEqual(EVENT);
    expect(event.type).toBe("gift.sent");
    expect(await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), [key])).toEqual(EVENT);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await new Ribbon({ apiKey: "k", baseUrl: "http://x" }).webhooks.verify(body, upper, key)).toEqual(EVENT);
  });

  it("during a roll: either of two secrets verifies a delivery signed with both, or with either", async () => {
    const [previous, current] = [secret(), secret()];
    const both = webhookHeaders([current, previous], "msg_2", now(), body);
    expect(await verifyWebhook(body, both, [current])).toEqual(EVENT);
    expect(await verifyWebhook(body, both, [previous])).toEqual(EVENT);
    const oldOnly = webhookHeaders([previous], "msg_2", now(), body);
    expect(await verifyWebhook(body, oldOnly, [current, previous])).toEqual(EVENT);
    expect(await refusal(verifyWebhook(body, oldOnly, [current]))).toBe("invalid_signature");
  });

  it("agrees with the reference implementation (the standardwebhooks package)", async () => {
    const key = secret();
    const at = new Date();
    const signature = new Webhook(key).sign("msg_3", at, body);
    const headers = {
      "webhook-id": "msg_3",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    };
    expect(await verifyWebhook(body, headers, key)).toEqual(EVENT);
  });

  it("refuses a forged signature (another secret), a tampered body, id or timestamp", async () => {
    const key = secret();
    const t = now();
    const headers = webhookHeaders([key], "msg_4", t, body);
    expect(await refusal(verifyWebhook(body, webhookHeaders([secret()], "msg_4", t, body), key))).toBe(
      "invalid_signature",
    );
    expect(await refusal(verifyWebhook(body.replace("gft_1", "gft_2"), headers, key))).toBe("invalid_signature");
    expect(await refusal(verifyWebhook(`${body} `, headers, key))).toBe("invalid_signature");
    expect(await refusal(verifyWebhook(body, { ...headers, "webhook-id": "msg_5" }, key))).toBe("invalid_signature");
    expect(await refusal(verifyWebhook(body, { ...headers, "webhook-timestamp": String(t - 1) }, key))).toBe(
      "invalid_signature",
    );
    const flipped = headers["webhook-signature"]!.replace(/,(.)/, (_m, c: string) => `,${c === "A" ? "B" : "A"}`);
    expect(await refusal(verifyWebhook(body, { ...headers, "webhook-signature": flipped }, key))).toBe(
      "invalid_signature",
    );
    // Another scheme's signature with the right bytes is not v1.
    const v2 = headers["webhook-signature"]!.replace("v1,", "v2,");
    expect(await refusal(verifyWebhook(body, { ...headers, "webhook-signature": v2 }, key))).toBe("invalid_signature");
  });

  it("refuses an old or future timestamp outside the 5-minute tolerance, signed or not", async () => {
    const key = secret();
    const old = now() - 6 * 60;
    expect(await refusal(verifyWebhook(body, webhookHeaders([key], "msg_6", old, body), key))).toBe(
      "timestamp_out_of_range",
    );
    const future = now() + 6 * 60;
    expect(await refusal(verifyWebhook(body, webhookHeaders([key], "msg_6", future, body), key))).toBe(
      "timestamp_out_of_range",
    );
    const edge = now() - 4 * 60;
    expect(await verifyWebhook(body, webhookHeaders([key], "msg_6", edge, body), key)).toEqual(EVENT);
    expect(await refusal(verifyWebhook(body, webhookHeaders([key], "msg_6", edge, body), key, { tolerance: 60 }))).toBe(
      "timestamp_out_of_range",
    );
    // An old delivery verified at its own time (a stored delivery replayed through `now`).
    expect(await verifyWebhook(body, webhookHeaders([key], "msg_6", old, body), key, { now: old * 1000 })).toEqual(
      EVENT,
    );
    const ms = webhookHeaders([key], "msg_6", Date.now(), body); // milliseconds, not seconds
    expect(await refusal(verifyWebhook(body, ms, key))).toBe("timestamp_out_of_range");
  });

  it("refuses missing headers, a malformed timestamp, a bad secret and an unsigned body that is not JSON", async () => {
    const key = secret();
    const headers = webhookHeaders([key], "msg_7", now(), body);
    expect(await refusal(verifyWebhook(body, {}, key))).toBe("missing_headers");
    const { "webhook-signature": _dropped, ...unsigned } = headers;
    expect(await refusal(verifyWebhook(body, unsigned, key))).toBe("missing_headers");
    expect(await refusal(verifyWebhook(body, { ...headers, "webhook-timestamp": "soon" }, key))).toBe(
      "invalid_timestamp",
    );
    expect(await refusal(verifyWebhook(body, headers, "whsec_%%%"))).toBe("invalid_secret");
    expect(await refusal(verifyWebhook(body, headers, []))).toBe("invalid_secret");
    const text = "not json";
    expect(await refusal(verifyWebhook(text, webhookHeaders([key], "msg_8", now(), text), key))).toBe("invalid_body");
  });
});
