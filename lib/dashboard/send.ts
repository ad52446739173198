import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { renderGiftEmailDirectly, type RenderedEmail } from "@/lib/gifts/render-gift-email";
import type { FieldProblem } from "@/lib/errors";
import { createGifts, parseSingleGift, quoteGifts, type PriceQuote } from "@/lib/gifts";
import { resolveReferences } from "@/lib/gifts/resolve-references";
import { defaultSubject } from "@/lib/gifts/subject";
import { oncePerForm } from "./form-key";
import { formatInZone, instantInZone, isTimeZone } from "@/lib/format/time-zone";
import { displayMoney } from "@/lib/money";

/**
 * The send form's fields: the API's `POST /gifts` fields, as text, and the time zone its
 * `scheduled_at` (a `datetime-local`: no zone) is in, the browser's unless the person picks another.
 */
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
  "time_zone",
  "expires_on",
  "locale",
  "recipient_country",
] as const;
export type SendField = (typeof SEND_FIELDS)[number];
export type SendFields = Partial<Record<SendField, string>>;

/** A field's error, for the message beside it: the API's problems, by the field their pointer names. */
export type FieldErrors = Partial<Record<SendField | "form", string>>;

/** The zone the form's send time is in: the field's, or UTC when it is empty (a browser without JavaScript). */
export const formTimeZone = (fields: SendFields) => fields.time_zone?.trim() || "UTC";

/**
 * The form as the API's request body, so the form is validated by the same parser with the
 * same messages: empty fields are left out, and the send time, a wall-clock time in the form's
 * zone, becomes the instant it names there (DST included: lib/format/time-zone.ts). A zone
 * the server doesn't know is a problem of its own field (and the time is left out, so it isn't
 * also reported as malformed); a time the API would refuse anyway goes to it as typed.
 */
function requestOf(
  fields: SendFields,
  quote?: string,
): { body: { gift: Record<string, string> }; problems: FieldProblem[] } {
  const gift: Record<string, string> = {};
  const problems: FieldProblem[] = [];
  const zone = formTimeZone(fields);
  const zoneKnown = isTimeZone(zone);
  if (!zoneKnown)
    problems.push({
      pointer: "/gift/time_zone",
      detail: "Time zone must be a time zone name such as Europe/London or America/New_York",
      code: "invalid",
    });
  for (const name of SEND_FIELDS) {
    const value = fields[name]?.trim();
    if (!value || name === "time_zone") continue;
    if (name === "scheduled_at") {
      if (!zoneKnown) continue;
      gift[name] = instantInZone(value, zone)?.toISOString() ?? value;
    } else gift[name] = value;
  }
  if (quote) gift.quote = quote;
  return { body: { gift }, problems };
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

/** The "Send at" error of a time that has passed: the form offers "Send now instead" beside it. */
export const PAST_SEND_TIME = "This time has passed";

/**
 * The API sends a gift whose `scheduled_at` has passed at once; the form refuses it instead, so
 * nobody schedules in the past without knowing: the error beside "Send at" names the time and
 * the form offers "Send now instead" (which empties the field).
 */
function pastSendTime(fields: SendFields, now: Date): FieldProblem[] {
  const local = fields.scheduled_at?.trim();
  const zone = formTimeZone(fields);
  if (!local || !isTimeZone(zone)) return [];
  const at = instantInZone(local, zone);
  if (!at || at.getTime() >= now.getTime()) return [];
  return [
    {
      pointer: "/gift/scheduled_at",
      detail: `${PAST_SEND_TIME} (${formatInZone(at, zone)}): pick a later time, or send it now.`,
      code: "invalid",
    },
  ];
}

function parse(fields: SendFields, now: Date, quote?: string) {
  const { body, problems } = requestOf(fields, quote);
  const parsed = parseSingleGift(body, now);
  return { ...parsed, problems: [...problems, ...pastSendTime(fields, now), ...parsed.problems] };
}

/**
 * The preview's price, as people read it, in the currency the send will charge. `arrival`: what
 * the gift pays on arrival in the recipient's country (duties and taxes, in the total), or
 * "included" where the price already is delivered; absent when no country is given.
 */
export type PreviewPrice = {
  currency: string;
  perGift: string;
  total: string;
  charge: string;
  arrival?: { country: string; duties: string; taxes: string } | "included";
};

/**
 * The dry run's price in the team's currency: converted (`conversion`) when the collection is
 * priced in another, else the collection's price, which is then in the team's currency.
 */
function previewPrice(quote: PriceQuote, collectionCurrency: string): PreviewPrice {
  const currency = quote.conversion?.currency ?? collectionCurrency;
  const perGift = quote.conversion?.perGiftMinor ?? quote.perGift.totalCents;
  const [line] = quote.landed?.lines ?? [];
  return {
    currency,
    perGift: displayMoney(perGift, currency),
    total: displayMoney(quote.totalCents, currency),
    charge: displayMoney(quote.chargeCents, currency),
    ...(line && {
      arrival:
        line.estimate?.basis === "estimated"
          ? {
              country: line.country,
              duties: displayMoney(line.dutiesMinor, currency),
              taxes: displayMoney(line.taxesMinor, currency),
            }
          : ("included" as const),
    }),
  };
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
): Promise<{ quote: PriceQuote; price: PreviewPrice; email: RenderedEmail; sendsAt: string | null }> {
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
  // When it goes out, as the sender reads it (their zone named). None: in five minutes from the
  // send (not from this preview), or a link gift, which is never emailed.
  const sendsAt =
    fields.scheduled_at?.trim() && recipient.scheduledAt
      ? formatInZone(recipient.scheduledAt, formTimeZone(fields))
      : null;
  return { quote, price: previewPrice(quote, refs.collection!.currency), email, sendsAt };
}

/**
 * Sends the form's gift once per form key (see oncePerForm): the same key with other fields is a
 * 409. `quote`: the preview's (a conversion or a landed cost held), so the send charges exactly
 * what the preview said, or is refused with the quote's own code (expired: preview again).
 */
export async function sendGiftOnce(
  db: PrismaClient,
  actor: TeamActor,
  input: { fields: SendFields; formKey: string; quote?: string },
  now = new Date(),
): Promise<{ giftId: string; repeated: boolean }> {
  const { body } = requestOf(input.fields, input.quote);
  return oncePerForm(db, actor, {
    formKey: input.formKey,
    content: `${actor.team.id}:gift\n${JSON.stringify(Object.entries(body.gift).sort())}`,
    conflictMessage: "This form was already sent with other values. Reload the page to send another gift.",
    replay: async (stored) => ({ giftId: stored.giftIds[0] }),
    run: async (idempotency) => {
      const { draft, problems } = parse(input.fields, now, input.quote);
      const [gift] = await createGifts(db, { actor, draft, problems, now, idempotency });
      return { giftId: gift.id };
    },
  });
}
