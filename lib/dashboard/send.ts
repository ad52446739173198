import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { renderGiftEmailDirectly, type RenderedEmail } from "@/lib/delivery/render-gift-email";
import type { FieldProblem } from "@/lib/errors";
import { createGifts, parseSingleGift, quoteGifts, type PriceQuote } from "@/lib/gifts";
import { resolveReferences } from "@/lib/gifts/resolve-references";
import { defaultSubject } from "@/lib/gifts/subject";
import { oncePerForm } from "./form-key";

/** The send form's fields: the API's `POST /gifts` fields, as text. */
export const SEND_FIELDS = [
  "name",
  "delivery_method",
  "email",
  "collection",
  "design_id",
  "message",
  "from",
  "subject",
  "scheduled_at",
  "expires_on",
  "locale",
] as const;
export type SendField = (typeof SEND_FIELDS)[number];
export type SendFields = Partial<Record<SendField, string>>;

/** A field's error, for the message beside it: the API's problems, by the field their pointer names. */
export type FieldErrors = Partial<Record<SendField | "form", string>>;

/**
 * The form as the API's request body, so the form is validated by the same parser with the
 * same messages: empty fields are left out, and the send time (a `datetime-local`, labelled
 * UTC) gets its seconds and zone.
 */
function bodyOf(fields: SendFields): { gift: Record<string, string> } {
  const gift: Record<string, string> = {};
  for (const name of SEND_FIELDS) {
    const value = fields[name]?.trim();
    if (value)
      gift[name] = name === "scheduled_at" && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? `${value}:00Z` : value;
  }
  return { gift };
}

/** Problems by form field (the first per field); a problem with no field's pointer is the form's. */
export function fieldErrors(problems: FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const field = problem.pointer?.replace(/^\/gift\//, "") as SendField | undefined;
    const key = field && (SEND_FIELDS as readonly string[]).includes(field) ? field : "form";
    errors[key] ??= problem.detail;
  }
  return errors;
}

function parse(fields: SendFields, now: Date) {
  return parseSingleGift(bodyOf(fields), now);
}

/**
 * What the recipient will get and what it costs, before anything is created: the API's dry
 * run (same checks, same errors) and the gift email rendered as it will be sent (its link
 * leads nowhere yet). Throws ValidationError or BillingError as the real send would.
 */
export async function previewGift(
  db: PrismaClient,
  actor: TeamActor,
  fields: SendFields,
  now = new Date(),
): Promise<{ quote: PriceQuote; email: RenderedEmail }> {
  const { draft, problems } = parse(fields, now);
  const quote = await quoteGifts(db, { actor, draft, problems });
  const refs = await resolveReferences(db, actor.team.id, {
    collection: draft.collection,
    designId: draft.designId,
    logoId: draft.logoId,
  });
  const [recipient] = draft.recipients;
  const email = await renderGiftEmailDirectly({
    id: "gft_preview",
    recipientName: recipient.name ?? "",
    subject: draft.subject ?? defaultSubject(actor.user, actor.team, recipient.locale),
    message: draft.message ?? "",
    from: recipient.from ?? draft.from ?? "",
    expiresOn: recipient.expiresOn ? new Date(`${recipient.expiresOn}T00:00:00Z`) : null,
    locale: recipient.locale,
    collection: refs.collection!,
    design: refs.design,
    logo: refs.logo!,
  });
  return { quote, email };
}

/** Sends the form's gift once per form key (see oncePerForm): the same key with other fields is a 409. */
export async function sendGiftOnce(
  db: PrismaClient,
  actor: TeamActor,
  input: { fields: SendFields; formKey: string },
  now = new Date(),
): Promise<{ giftId: string; repeated: boolean }> {
  const body = bodyOf(input.fields);
  return oncePerForm(db, actor, {
    formKey: input.formKey,
    content: `${actor.team.id}:gift\n${JSON.stringify(Object.entries(body.gift).sort())}`,
    conflictMessage: "This form was already sent with other values. Reload the page to send another gift.",
    replay: async (stored) => ({ giftId: stored.giftIds[0] }),
    run: async (idempotency) => {
      const { draft, problems } = parse(input.fields, now);
      const [gift] = await createGifts(db, { actor, draft, problems, now, idempotency });
      return { giftId: gift.id };
    },
  });
}
