import { Resend } from "resend";
import { z } from "zod";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { isHandled, recordProviderEvent } from "@/lib/delivery/provider-events";
import { badRequest, HttpError, unauthorized } from "@/lib/errors";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes, utf8 } from "@/lib/http/read-body";

/** Resend's email events are a few KB; nothing it sends comes near this. */
export const RESEND_EVENT_BODY_LIMIT = 256 * 1024;

// What Ribbon reads of an event (https://resend.com/docs/webhooks): its type and time, the email's
// id, and a bounce's type, subtype and message. Everything else (addresses, subject) is not kept.
const eventSchema = z.object({
  type: z.string().min(1).max(64),
  // The event's time; without one (or unreadable), the time it was received.
  created_at: z.string().max(64).nullish(),
  data: z
    .object({
      email_id: z.string().min(1).max(200).optional(),
      created_at: z.string().max(64).nullish(),
      bounce: z
        .object({
          type: z.string().max(64).optional(),
          subType: z.string().max(64).optional(),
          message: z.string().max(2000).optional(),
        })
        .nullish(),
    })
    .passthrough(),
});

/** Just the type, to tell the events Ribbon acts on from the others before reading the rest. */
const typeSchema = z.object({ type: z.string() });

const header = (request: Request, name: string) => {
  const value = request.headers.get(name);
  return value && value.length <= 1024 ? value : "";
};

/**
 * `POST /api/webhooks/resend`: one of Resend's email events, signed with the webhook's secret
 * (Svix headers), verified by the resend SDK (`webhooks.verify`: the signature, and a timestamp
 * within five minutes, so a captured request replayed later is refused). A retried event (same
 * `svix-id`) is answered 200 and changes nothing, and so is a signed event of a type Ribbon does not
 * act on (`{"received": true, "outcome": "ignored"}`, nothing stored). 401 unsigned, forged or
 * stale; 503 when no secret is configured; 400 a signed body that is not an event, or an event of
 * a handled type that is not shaped as Resend sends it.
 */
export async function receiveResendEvent(request: Request): Promise<Response> {
  const secret = config.resendWebhookSecret;
  if (!secret)
    throw new HttpError(
      503,
      "ServiceUnavailable",
      "Provider events are not accepted: RESEND_WEBHOOK_SECRET is not set (docs/operations.md, Deliverability).",
    );
  let text: string | null;
  try {
    text = utf8(await readBodyBytes(request, RESEND_EVENT_BODY_LIMIT));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, "PayloadTooLarge", error.message);
    if (error instanceof BodyIncompleteError) throw badRequest(error.message);
    throw error;
  }
  if (text === null) throw badRequest("The request body is not valid UTF-8.");
  const id = header(request, "svix-id");
  let payload: unknown;
  try {
    // The SDK needs a key to be built; verifying makes no request.
    payload = new Resend(config.resendApiKey ?? "re_verify_only").webhooks.verify({
      payload: text,
      headers: { id, timestamp: header(request, "svix-timestamp"), signature: header(request, "svix-signature") },
      webhookSecret: secret,
    });
  } catch (error) {
    if (error instanceof SyntaxError) throw badRequest("The signed body is not JSON.");
    const why = error instanceof Error ? error.message : "unverifiable";
    throw unauthorized(`The event is not signed by Resend with this server's secret (${why}).`);
  }
  // A webhook subscribed to every event also posts the ones Ribbon does not act on (email.sent,
  // email.opened, email.clicked, contact.*, domain.*…): signed, they are acknowledged, not kept,
  // so Resend does not retry them.
  const type = typeSchema.safeParse(payload);
  if (type.success && !isHandled(type.data.type)) return Response.json({ received: true, outcome: "ignored" });
  const parsed = eventSchema.safeParse(payload);
  if (!parsed.success || id.length > 200) throw badRequest("The signed body is not a Resend email event.");
  const event = parsed.data;
  const occurred = new Date(event.data.created_at ?? event.created_at ?? Number.NaN);
  const outcome = await recordProviderEvent(await getDb(), {
    id,
    type: event.type,
    providerId: event.data.email_id ?? null,
    occurredAt: Number.isNaN(occurred.getTime()) ? new Date() : occurred,
    bounce: event.data.bounce ?? null,
  });
  return Response.json({ received: true, outcome });
}
