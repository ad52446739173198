import { z } from "zod";
import { isLocale, LOCALES, type Locale } from "@/lib/i18n/locales";
import { checkCadence, MAX_REMINDERS } from "./reminder-cadence";
import { canonicalTimeZone } from "@/lib/format/time-zone";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { isCalendarDate, parseCalendarDate } from "@/lib/format/calendar-date";
import { countryCodeOf } from "@/lib/format/countries";

/**
 * Field validators for gift requests. Each reports one problem in the spec's wording with a
 * stable `code` (docs/errors.md), and carries its OpenAPI description, so the same schema
 * validates requests and documents them (lib/api/openapi).
 */

/** What the OpenAPI document says about a field (its JSON Schema, rendered in place of `unknown`). */
export type FieldDoc = { description: string; example?: unknown };

/** Reports one problem with its stable machine-readable code. */
export function fail(ctx: z.RefinementCtx, message: string, code: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message, params: { code } });
  return z.NEVER;
}

/** The problem code a validator attached to an issue (`invalid` when it attached none). */
export const problemCode = (issue: z.core.$ZodIssue): string =>
  (issue.code === "custom" && typeof issue.params?.code === "string" ? issue.params.code : undefined) ?? "invalid";

const documented = <T extends z.ZodType>(schema: T, doc: FieldDoc, jsonSchema: Record<string, unknown>): T =>
  schema.meta({
    description: doc.description,
    ...(doc.example !== undefined ? { example: doc.example } : {}),
    override: jsonSchema,
  }) as T;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

type TextOptions = { max: number; required?: boolean; multiline?: boolean };

function textValue(label: string, { max, required = false, multiline = false }: TextOptions) {
  return z.unknown().transform((value, ctx): string | undefined => {
    if (isBlank(value)) {
      if (required) fail(ctx, `${label} can't be blank`, "blank");
      return undefined;
    }
    if (typeof value !== "string") return fail(ctx, `${label} must be a string`, "not_a_string");
    const trimmed = value.trim();
    // Free text's one rule (lib/format/text.ts): no controls, no bidirectional overrides; a message keeps its lines.
    if (hasForbiddenCharacters(trimmed, { multiline })) {
      return fail(ctx, `${label} has invalid characters`, "invalid_characters");
    }
    if (trimmed.length > max) return fail(ctx, `${label} is too long (maximum is ${max} characters)`, "too_long");
    return trimmed;
  });
}

/** A string field: blank is "can't be blank" when required and `undefined` otherwise. */
export function text(label: string, options: TextOptions, doc: FieldDoc) {
  return documented(textValue(label, options), doc, { type: "string", maxLength: options.max });
}

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;

/** An address Ribbon emails: the email fields' rule, for lists of addresses (the suppression list). */
export const isEmailAddress = (value: string) => value.length <= 254 && EMAIL.test(value);

export function email(label: string, doc: FieldDoc) {
  const schema = textValue(label, { max: 254 }).transform((value, ctx) => {
    if (value !== undefined && !EMAIL.test(value))
      return fail(ctx, `${label} is not a valid email address`, "invalid_email");
    return value;
  });
  return documented(schema, doc, { type: "string", format: "email", maxLength: 254 });
}

export const deliveryMethod = documented(
  textValue("Delivery method", { max: 10 }).transform((value, ctx) => {
    const method = (value ?? "email").toLowerCase();
    if (method !== "email" && method !== "link")
      return fail(ctx, "Delivery method must be email or link", "invalid_delivery_method");
    return method as "email" | "link";
  }),
  {
    description:
      "`email` (the default, also when blank): a gift email is sent at `scheduled_at`. `link`: nothing is sent; use the gift's `untie-url`.",
  },
  { type: "string", enum: ["email", "link"], default: "email" },
);

/** The recipient's language (lib/i18n): one of the six locales, any case. */
export const locale = documented(
  textValue("Locale", { max: 35 }).transform((value, ctx): Locale | undefined => {
    if (value === undefined) return undefined;
    const code = value.toLowerCase();
    return isLocale(code) ? code : fail(ctx, `Locale must be one of ${LOCALES.join(", ")}`, "invalid_locale");
  }),
  {
    description: `The recipient's language for the untie page and their emails: one of ${LOCALES.map((l) => "`" + l + "`").join(", ")} (\`ar\` reads right to left). Default: none, and the page follows the recipient's browser (else English); emails are in English.`,
    example: "es",
  },
  { type: "string", enum: [...LOCALES] },
);

/** The country the recipient is in (lib/format/countries.ts): an ISO 3166-1 alpha-2 code, any case. */
export const recipientCountry = documented(
  textValue("Recipient country", { max: 8 }).transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    return (
      countryCodeOf(value) ??
      fail(ctx, "Recipient country must be an ISO 3166-1 alpha-2 country code, like BR or DE", "invalid_country")
    );
  }),
  {
    description:
      "The country the recipient is in: an ISO 3166-1 alpha-2 code (`BR`; any case, stored in capitals). The untie page then starts there and offers only the products that reach it. A collection with no product reaching it is refused (422 `not_deliverable`; a collection's `countries` lists where it reaches). The dry run and the create add what a gift pays on arrival there (`landed-cost`; 422 `landed_cost_unavailable` where Ribbon can't estimate it). Default: none, and the page starts on the country of the recipient's browser.",
    example: "BR",
  },
  { type: "string", pattern: "^[A-Za-z]{2}$" },
);

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i;

/**
 * ISO 8601 with a zone (`2026-12-01T09:00:00Z`, `…+02:00`); a bare date means midnight UTC.
 * Null for anything else (a time without a zone, a day that doesn't exist, a year past 9999).
 */
export function parseTimestamp(value: string): Date | null {
  const match = TIMESTAMP.exec(value);
  const valid =
    match &&
    isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    Number(match[4] ?? 0) <= 23 &&
    Number(match[5] ?? 0) <= 59 &&
    Number(match[6] ?? 0) <= 59;
  // Date parsing is the last word: an offset like +25:00 matches the pattern but is no date.
  const date = valid ? new Date(match[4] === undefined ? `${value}T00:00:00Z` : value) : null;
  // In UTC the year must still be 0001 to 9999 (9999-12-31T23:59:59-23:59 is already year 10000).
  return !date || Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 1
    ? null
    : date;
}

const scheduledAtValue = textValue("Scheduled at", { max: 40 }).transform((value, ctx): Date | undefined => {
  if (value === undefined) return undefined;
  return (
    parseTimestamp(value) ??
    fail(ctx, "Scheduled at must be an ISO 8601 UTC timestamp (YYYY-MM-DDThh:mm:ssZ)", "invalid_timestamp")
  );
});

export const scheduledAt = documented(
  scheduledAtValue,
  {
    description:
      "When the gift email goes out: ISO 8601 with `Z` or an offset (a bare date means midnight UTC; a past time means as soon as possible). Default: 5 minutes after the request.",
    example: "2030-01-02T09:00:00Z",
  },
  { type: "string", format: "date-time", maxLength: 40 },
);

/** A calendar date `YYYY-MM-DD`, kept as that string. */
export const expiresOn = documented(
  textValue("Expires on", { max: 40 }).transform((value, ctx) => {
    if (value === undefined) return undefined;
    return parseCalendarDate(value) ?? fail(ctx, "Expires on must be a date (YYYY-MM-DD)", "invalid_date");
  }),
  {
    description:
      "The last day the recipient can choose: on or after the send date, less than one year after it. Default: no expiry.",
    example: "2030-06-30",
  },
  { type: "string", format: "date" },
);

export const logoId = documented(
  z.unknown().transform((value, ctx): number | undefined => {
    if (isBlank(value)) return undefined;
    const n = typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1)
      return fail(ctx, "Logo id must be a positive integer", "invalid_logo_id");
    return n;
  }),
  { description: "Logo id (see `GET /logos`). Default: Ribbon's own logo." },
  { type: "integer", minimum: 1 },
);

/** `reminders`: the gift's own cadence (lib/gifts/reminder-cadence.ts), each problem at its element. */
export const reminders = documented(
  z.unknown().transform((value, ctx): string[] | undefined => {
    if (value === undefined || value === null) return undefined;
    const { cadence, problems } = checkCadence(value);
    for (const p of problems)
      ctx.addIssue({
        code: "custom",
        message: p.detail,
        params: { code: p.code },
        path: p.index === undefined ? [] : [p.index],
      });
    return problems.length > 0 ? z.NEVER : cadence;
  }),
  {
    description: `When reminder emails go out while the gift waits to be chosen: ISO 8601 durations after the gift email was sent (\`P3D\`, \`PT12H\`, \`P1W\`), or before its expiry with a leading \`-\` (\`-P2D\`; the gift needs \`expires_on\`). Weeks, days, hours and minutes only; each between 1 hour and 365 days; at most ${MAX_REMINDERS}, no duplicates. \`[]\`: no reminders. Default: the team's cadence (\`GET /reminders\`). Email gifts only.`,
    example: ["P3D", "P7D", "-P2D"],
  },
  {
    type: "array",
    maxItems: MAX_REMINDERS,
    items: { type: "string", pattern: "^-?P(\\d+W|(\\d+D)?(T(\\d+H)?(\\d+M)?)?)$", maxLength: 20 },
  },
);

/** `time_zone`: the recipient's IANA zone, for the reminders' quiet hours. */
export const timeZone = documented(
  textValue("Time zone", { max: 64 }).transform((value, ctx) => {
    if (value === undefined) return undefined;
    return (
      canonicalTimeZone(value) ??
      fail(ctx, "Time zone must be an IANA time zone name like Europe/Paris", "invalid_time_zone")
    );
  }),
  {
    description:
      "The recipient's IANA time zone (`America/New_York`). When given, no reminder goes out between 21:00 and 08:00 there: one due then waits until 08:00. Default: none (reminders go out when due).",
    example: "Europe/Paris",
  },
  { type: "string", maxLength: 64 },
);
