import { addYear } from "@/lib/format/calendar-date";
import { z } from "zod";
import { ITEMS_PER_YIELD, otherWorkFirst } from "@/lib/http/yield";
import { unknownFieldProblems, type FieldProblem } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import { countsFromExpiry } from "./reminder-cadence";
import {
  deliveryMethod,
  email,
  expiresOn,
  locale,
  logoId,
  recipientCountry,
  problemCode,
  reminders,
  scheduledAt,
  text,
  timeZone,
} from "./fields";

/** Most recipients one bulk request may name. */
export const MAX_BULK_RECIPIENTS = 10_000;
/** When no `scheduled_at` is given, the email goes out this long after the request. */
export const DEFAULT_SEND_DELAY_MS = 5 * 60 * 1000;

export type RecipientDraft = {
  pointer: string;
  name?: string;
  deliveryMethod: "email" | "link";
  email: string | null;
  ccEmail: string | null;
  subject?: string;
  from?: string;
  scheduledAt: Date | null;
  expiresOn: string | null;
  /** The recipient's language; null: none given (the page follows the browser). */
  locale: Locale | null;
  /** The country the sender says the recipient is in (ISO 3166-1 alpha-2); null or absent: none given. */
  recipientCountry?: string | null;
  /** The gift's own reminder cadence; null: the team's (an email gift) or none (a link gift). */
  reminders: string[] | null;
  timeZone: string | null;
};

export type GiftDraft = {
  collection?: string;
  message?: string;
  from?: string;
  subject?: string;
  logoId?: number;
  designId?: string;
  /** Bulk requests only: the batch's name (empty: the default name). */
  batchName?: string;
  /** The quote (`quo_…`) a dry run gave, to be charged exactly (lib/gifts/conversion.ts). */
  quoteId?: string;
  recipients: RecipientDraft[];
};

const subject = text(
  "Subject",
  { max: 200 },
  {
    description:
      "Email subject. Default: `<sender name> Sent You A Gift!` (the sending user's name, as the contract says), or its translation for a recipient with a non-English `locale`; pass `subject` to use your own, e.g. with the `from` text.",
  },
);

const shared = {
  collection: text(
    "Collection",
    { max: 200, required: true },
    { description: "Collection name or id (see `GET /collections`).", example: "Coffee Lovers" },
  ),
  message: text(
    "Message",
    { max: 2000, required: true, multiline: true },
    { description: "Text on the card, under the design.", example: "Thank you!" },
  ),
  subject,
  logo_id: logoId,
  design_id: text(
    "Design id",
    { max: 100 },
    { description: "Design id (its slug, see `GET /designs`). Default: no design.", example: "thank-you" },
  ),
  quote: text(
    "Quote",
    { max: 64 },
    {
      description:
        "A quote from a `dry_run` of this create (`meta.price.quote.id`, when the collection's currency is not the team's): the create is charged exactly its total, if it has not expired and was not used. Without one, a conversion is made at the current rate.",
      example: "quo_3nK8x2mQp4Lr",
    },
  ),
};

const recipientFields = {
  name: text("Name", { max: 200, required: true }, { description: "The recipient's name.", example: "Robin" }),
  delivery_method: deliveryMethod,
  email: email("Email", {
    description: "The recipient's email address. Required for email gifts; not used for link gifts.",
    example: "robin@example.com",
  }),
  subject,
  scheduled_at: scheduledAt,
  expires_on: expiresOn,
  locale,
  recipient_country: recipientCountry,
  cc_email: email("Cc email", {
    description: "Email of the person the gift is sent on behalf of; gets a copy of the gift email.",
  }),
  reminders,
  time_zone: timeZone,
};

const singleFields = {
  ...shared,
  ...recipientFields,
  from: text(
    "From",
    { max: 200, required: true },
    { description: "The from line at the bottom of the card.", example: "Alex" },
  ),
};
const bulkFields = {
  ...shared,
  locale: locale.meta({ description: "The language of every recipient who doesn't give their own `locale`." }),
  batch_name: text(
    "Batch name",
    { max: 120 },
    {
      description:
        "A name for the gifts of this request, shown in the dashboard and its batch filter. Default: `Bulk send of <n> gifts`.",
      example: "Q4 customer thank-yous",
    },
  ),
  reminders,
  from: text(
    "From",
    { max: 200, required: true },
    { description: "The from line at the bottom of every card.", example: "The Acme team" },
  ),
};
const bulkRecipientFields = {
  ...recipientFields,
  from: text("From", { max: 200 }, { description: "Overrides `gift.from` for this recipient." }),
};

/** A request object of these fields, as the OpenAPI document shows it (`required` listed, no other keys). */
function requestObject(fields: Fields, required: string[], description: string) {
  return z.object(fields).meta({
    description,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.required = required;
      jsonSchema.additionalProperties = false;
    },
  });
}

const body = (gift: z.ZodType, id: string) =>
  requestObject(
    { gift },
    ["gift"],
    "The request body: one key, `gift`. Any other key is an `unknown_field` error.",
  ).meta({ id });

/** `POST /gifts` body, for the OpenAPI document (parseSingleGift validates it field by field). */
export const singleGiftBody = body(
  requestObject(singleFields, ["name", "collection", "message", "from"], "One gift."),
  "CreateGiftRequest",
);

/** `POST /bulk/gifts` body, for the OpenAPI document (parseBulkGifts validates it field by field). */
export const bulkGiftBody = body(
  requestObject(
    {
      ...bulkFields,
      recipients_attributes: z
        .array(
          requestObject(bulkRecipientFields, ["name"], "One recipient; fields given here override the shared ones."),
        )
        .min(1)
        .max(MAX_BULK_RECIPIENTS)
        .meta({
          description: `One element per recipient (at most ${MAX_BULK_RECIPIENTS}). All gifts are created, or none.`,
        }),
    },
    ["collection", "message", "from", "recipients_attributes"],
    "The shared fields of every gift, and the recipients.",
  ),
  "CreateBulkGiftsRequest",
);

type Fields = Record<string, z.ZodType>;
type Parsed<F extends Fields> = { [K in keyof F]: z.output<F[K]> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Validates each field on its own so every problem is reported, with a JSON pointer. */
function readFields<F extends Fields>(
  input: Record<string, unknown>,
  fields: F,
  pointer: string,
  problems: FieldProblem[],
  hint?: (key: string) => string | undefined,
) {
  const out: Partial<Parsed<F>> = {};
  problems.push(...unknownFieldProblems(input, fields, pointer, hint));
  for (const [key, schema] of Object.entries(fields)) {
    const result = schema.safeParse(input[key]);
    if (result.success) out[key as keyof F] = result.data as Parsed<F>[keyof F];
    else
      for (const issue of result.error.issues)
        problems.push({
          detail: issue.message,
          pointer: [`${pointer}/${key}`, ...issue.path].join("/"),
          code: problemCode(issue),
        });
  }
  return out;
}

/** Delivery rules that need more than one field: email requirements, default send time, expiry window. */
function finishRecipient(
  r: Partial<Parsed<typeof recipientFields>> & { from?: string },
  pointer: string,
  now: Date,
  problems: FieldProblem[],
): RecipientDraft {
  const method = r.delivery_method ?? "email";
  const isEmail = method === "email";
  if (isEmail && r.email === undefined && !problems.some((p) => p.pointer === `${pointer}/email`)) {
    problems.push({ detail: "Email can't be blank", pointer: `${pointer}/email`, code: "blank" });
  }
  const scheduled = isEmail ? (r.scheduled_at ?? new Date(now.getTime() + DEFAULT_SEND_DELAY_MS)) : null;
  // With no valid send date there is nothing to measure the expiry against (the default would mislead).
  const badSendDate = problems.some((p) => p.pointer === `${pointer}/scheduled_at`);
  if (r.expires_on !== undefined && !(isEmail && badSendDate)) {
    const sendDate = (scheduled ?? now).toISOString().slice(0, 10);
    const today = now.toISOString().slice(0, 10);
    if (r.expires_on < today) {
      problems.push({
        detail: `Expires on can't be in the past (today is ${today})`,
        pointer: `${pointer}/expires_on`,
        code: "in_the_past",
      });
    } else if (r.expires_on < sendDate) {
      problems.push({
        detail: `Expires on can't be before the scheduled send date (${sendDate})`,
        pointer: `${pointer}/expires_on`,
        code: "expires_before_send_date",
      });
    } else if (r.expires_on >= addYear(sendDate)) {
      problems.push({
        detail: `Expires on must be less than 1 year after the scheduled send date (before ${addYear(sendDate)})`,
        pointer: `${pointer}/expires_on`,
        code: "expires_too_late",
      });
    }
  }
  if (r.reminders !== undefined && r.reminders.length > 0) {
    if (!isEmail)
      problems.push({
        detail: "Reminders are emails: a link gift can't have them (leave reminders out, or [])",
        pointer: `${pointer}/reminders`,
        code: "reminders_need_email",
      });
    else if (r.expires_on === undefined)
      r.reminders.forEach((entry, i) => {
        if (countsFromExpiry(entry))
          problems.push({
            detail: "A reminder before expiry needs the gift to have expires_on",
            pointer: `${pointer}/reminders/${i}`,
            code: "reminder_needs_expiry",
          });
      });
  }
  return {
    pointer,
    name: r.name,
    deliveryMethod: method,
    email: isEmail ? (r.email ?? null) : null,
    ccEmail: isEmail ? (r.cc_email ?? null) : null,
    subject: r.subject,
    from: r.from,
    scheduledAt: scheduled,
    expiresOn: r.expires_on ?? null,
    locale: r.locale ?? null,
    recipientCountry: r.recipient_country ?? null,
    reminders: isEmail ? (r.reminders ?? null) : [],
    timeZone: r.time_zone ?? null,
  };
}

/** The `gift` object of a body; any other top-level key is a problem (a misplaced field must never be dropped silently). */
function giftObject(body: unknown, problems: FieldProblem[]): Record<string, unknown> | null {
  if (isObject(body))
    problems.push(
      ...unknownFieldProblems(
        body,
        ["gift"],
        "",
        (key) => `${key} is not a known field: put the gift's fields inside "gift"`,
      ),
    );
  const gift = isObject(body) ? body.gift : undefined;
  if (isObject(gift)) return gift;
  const blank = gift === undefined || gift === null;
  problems.push({
    detail: blank ? "Gift can't be blank" : "Gift must be an object",
    pointer: "/gift",
    code: blank ? "blank" : "not_an_object",
  });
  return null;
}

/** POST /gifts body → a draft and every problem found without the database. */
export function parseSingleGift(body: unknown, now: Date): { draft: GiftDraft; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const gift = giftObject(body, problems);
  if (!gift) return { draft: { recipients: [] }, problems };
  const f = readFields(gift, singleFields, "/gift", problems, (key) =>
    key === "recipients_attributes" ? "recipients_attributes belongs to POST /bulk/gifts" : undefined,
  );
  const recipient = finishRecipient(f, "/gift", now, problems);
  return {
    draft: {
      collection: f.collection,
      message: f.message,
      from: f.from,
      subject: f.subject,
      logoId: f.logo_id,
      designId: f.design_id,
      quoteId: f.quote,
      recipients: [recipient],
    },
    problems,
  };
}

/** POST /bulk/gifts body → a draft with one recipient per element, and every problem found. */
/**
 * A bulk body as a draft and every problem found. Async: it checks up to 10,000 recipients, and
 * lets other requests run every ITEMS_PER_YIELD of them (lib/http/yield.ts).
 */
export async function parseBulkGifts(
  body: unknown,
  now: Date,
): Promise<{ draft: GiftDraft; problems: FieldProblem[] }> {
  const problems: FieldProblem[] = [];
  const gift = giftObject(body, problems);
  if (!gift) return { draft: { recipients: [] }, problems };
  const perRecipient = new Set([
    "name",
    "delivery_method",
    "email",
    "scheduled_at",
    "expires_on",
    "cc_email",
    "time_zone",
    "recipient_country",
  ]);
  const { recipients_attributes: list, ...rest } = gift;
  const f = readFields(rest, bulkFields, "/gift", problems, (key) =>
    perRecipient.has(key)
      ? `${key} is set per recipient in bulk: put it in each element of recipients_attributes`
      : undefined,
  );
  const recipients: RecipientDraft[] = [];
  const pointer = "/gift/recipients_attributes";
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    problems.push({ detail: "Recipients attributes can't be blank", pointer, code: "blank" });
  } else if (!Array.isArray(list)) {
    problems.push({ detail: "Recipients attributes must be an array of objects", pointer, code: "not_an_array" });
  } else if (list.length > MAX_BULK_RECIPIENTS) {
    problems.push({
      detail: `Recipients attributes has too many recipients (maximum is ${MAX_BULK_RECIPIENTS})`,
      pointer,
      code: "too_many_recipients",
    });
  } else {
    for (const [i, element] of list.entries()) {
      if (i > 0 && i % ITEMS_PER_YIELD === 0) await otherWorkFirst();
      const at = `${pointer}/${i}`;
      if (!isObject(element)) {
        problems.push({ detail: "Recipient must be an object", pointer: at, code: "not_an_object" });
        continue;
      }
      // This recipient's problems on their own: finishRecipient looks through them, and looking
      // through every recipient's instead made 10,000 invalid recipients cost 10,000² (issue 30).
      const found: FieldProblem[] = [];
      const r = readFields(element, bulkRecipientFields, at, found);
      // The shared cadence applies to the email recipients that give none (its problems are reported once, at /gift/reminders).
      const given = element.reminders !== undefined && element.reminders !== null;
      const own = given || r.delivery_method === "link" ? r.reminders : f.reminders;
      recipients.push(finishRecipient({ ...r, locale: r.locale ?? f.locale, reminders: own }, at, now, found));
      for (const problem of found) problems.push(problem);
    }
  }
  return {
    draft: {
      collection: f.collection,
      message: f.message,
      from: f.from,
      subject: f.subject,
      logoId: f.logo_id,
      designId: f.design_id,
      batchName: f.batch_name ?? "",
      quoteId: f.quote,
      recipients,
    },
    problems,
  };
}
