import type { z } from "zod";
import type { FieldProblem } from "@/lib/errors";
import { deliveryMethod, email, expiresOn, logoId, scheduledAt, text } from "./fields";

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
};

export type GiftDraft = {
  collection?: string;
  message?: string;
  from?: string;
  subject?: string;
  logoId?: number;
  designId?: string;
  recipients: RecipientDraft[];
};

const shared = {
  collection: text("Collection", { max: 200, required: true }),
  message: text("Message", { max: 2000, required: true, multiline: true }),
  subject: text("Subject", { max: 200 }),
  logo_id: logoId,
  design_id: text("Design id", { max: 100 }),
};

const recipientFields = {
  name: text("Name", { max: 200, required: true }),
  delivery_method: deliveryMethod,
  email: email("Email"),
  subject: text("Subject", { max: 200 }),
  scheduled_at: scheduledAt,
  expires_on: expiresOn,
  cc_email: email("Cc email"),
};

const singleFields = { ...shared, ...recipientFields, from: text("From", { max: 200, required: true }) };
const bulkFields = { ...shared, from: text("From", { max: 200, required: true }) };
const bulkRecipientFields = { ...recipientFields, from: text("From", { max: 200 }) };

type Fields = Record<string, z.ZodType>;
type Parsed<F extends Fields> = { [K in keyof F]: z.output<F[K]> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Validates each field on its own so every problem is reported, with a JSON pointer. */
function readFields<F extends Fields>(input: Record<string, unknown>, fields: F, pointer: string, problems: FieldProblem[], hint?: (key: string) => string | undefined) {
  const out: Partial<Parsed<F>> = {};
  for (const key of Object.keys(input)) {
    if (!(key in fields)) problems.push({ detail: hint?.(key) ?? `${key} is not a known field`, pointer: `${pointer}/${key}`, code: "unknown_field" });
  }
  for (const [key, schema] of Object.entries(fields)) {
    const result = schema.safeParse(input[key]);
    if (result.success) out[key as keyof F] = result.data as Parsed<F>[keyof F];
    else for (const issue of result.error.issues) problems.push({ detail: issue.message, pointer: `${pointer}/${key}` });
  }
  return out;
}

function addYear(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Delivery rules that need more than one field: email requirements, default send time, expiry window. */
function finishRecipient(r: Partial<Parsed<typeof recipientFields>> & { from?: string }, pointer: string, now: Date, problems: FieldProblem[]): RecipientDraft {
  const method = r.delivery_method ?? "email";
  const isEmail = method === "email";
  if (isEmail && r.email === undefined && !problems.some((p) => p.pointer === `${pointer}/email`)) {
    problems.push({ detail: "Email can't be blank", pointer: `${pointer}/email` });
  }
  const scheduled = isEmail ? (r.scheduled_at ?? new Date(now.getTime() + DEFAULT_SEND_DELAY_MS)) : null;
  // With no valid send date there is nothing to measure the expiry against (the default would mislead).
  const badSendDate = problems.some((p) => p.pointer === `${pointer}/scheduled_at`);
  if (r.expires_on !== undefined && !(isEmail && badSendDate)) {
    const sendDate = (scheduled ?? now).toISOString().slice(0, 10);
    if (r.expires_on < sendDate) {
      problems.push({ detail: `Expires on can't be before the scheduled send date (${sendDate})`, pointer: `${pointer}/expires_on` });
    } else if (r.expires_on >= addYear(sendDate)) {
      problems.push({ detail: `Expires on must be less than 1 year after the scheduled send date (before ${addYear(sendDate)})`, pointer: `${pointer}/expires_on` });
    }
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
  };
}

function giftObject(body: unknown, problems: FieldProblem[]): Record<string, unknown> | null {
  const gift = isObject(body) ? body.gift : undefined;
  if (isObject(gift)) return gift;
  problems.push({ detail: gift === undefined || gift === null ? "Gift can't be blank" : "Gift must be an object", pointer: "/gift" });
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
    draft: { collection: f.collection, message: f.message, from: f.from, subject: f.subject, logoId: f.logo_id, designId: f.design_id, recipients: [recipient] },
    problems,
  };
}

/** POST /bulk/gifts body → a draft with one recipient per element, and every problem found. */
export function parseBulkGifts(body: unknown, now: Date): { draft: GiftDraft; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const gift = giftObject(body, problems);
  if (!gift) return { draft: { recipients: [] }, problems };
  const perRecipient = new Set(["name", "delivery_method", "email", "scheduled_at", "expires_on", "cc_email"]);
  const { recipients_attributes: list, ...rest } = gift;
  const f = readFields(rest, bulkFields, "/gift", problems, (key) =>
    perRecipient.has(key) ? `${key} is set per recipient in bulk: put it in each element of recipients_attributes` : undefined,
  );
  const recipients: RecipientDraft[] = [];
  const pointer = "/gift/recipients_attributes";
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) {
    problems.push({ detail: "Recipients attributes can't be blank", pointer });
  } else if (!Array.isArray(list)) {
    problems.push({ detail: "Recipients attributes must be an array of objects", pointer });
  } else if (list.length > MAX_BULK_RECIPIENTS) {
    problems.push({ detail: `Recipients attributes has too many recipients (maximum is ${MAX_BULK_RECIPIENTS})`, pointer });
  } else {
    list.forEach((element, i) => {
      const at = `${pointer}/${i}`;
      if (!isObject(element)) {
        problems.push({ detail: "Recipient must be an object", pointer: at });
        return;
      }
      const r = readFields(element, bulkRecipientFields, at, problems);
      recipients.push(finishRecipient(r, at, now, problems));
    });
  }
  return {
    draft: { collection: f.collection, message: f.message, from: f.from, subject: f.subject, logoId: f.logo_id, designId: f.design_id, recipients },
    problems,
  };
}
