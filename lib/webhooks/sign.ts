import { createHmac } from "node:crypto";

/** One Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the decoded secret. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three Standard Webhooks headers; several secrets (during a rotation) give several space-separated signatures. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, id, timestamp, body)).join(" "),
  };
}
