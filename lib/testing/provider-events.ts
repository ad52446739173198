import { createHmac, randomUUID } from "node:crypto";

/** The Resend webhook secret the tests set (`RESEND_WEBHOOK_SECRET`). */
export const PROVIDER_SECRET = `whsec_${Buffer.from("ribbon-test-webhook-secret-32-bytes!").toString("base64")}`;

/**
 * A provider event's request to POST /api/webhooks/resend, signed as Svix signs
 * (https://docs.svix.com/receiving/verifying-payloads/how-manual): an independent implementation,
 * for the tests only.
 */
export function signedProviderEvent(
  body: string,
  { id = `msg_${randomUUID()}`, at = new Date(), secret = PROVIDER_SECRET } = {},
): Request {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return new Request("http://localhost/api/webhooks/resend", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": timestamp,
      "svix-signature": `v1,${signature}`,
    },
    body,
  });
}
