import { z } from "zod";

/** Field validators for gift requests. Each reports one problem in the spec's wording. */

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

// C0/C1 control characters (and DEL); a message may keep newlines and tabs.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// A lone UTF-16 surrogate is no character at all (and PostgreSQL rejects it).
const LONE_SURROGATE = /\p{Surrogate}/u;

type TextOptions = { max: number; required?: boolean; multiline?: boolean };

/** A string field: blank is "can't be blank" when required and `undefined` otherwise. */
export function text(label: string, { max, required = false, multiline = false }: TextOptions) {
  return z.unknown().transform((value, ctx): string | undefined => {
    if (isBlank(value)) {
      if (required) ctx.addIssue({ code: "custom", message: `${label} can't be blank` });
      return undefined;
    }
    if (typeof value !== "string") {
      ctx.addIssue({ code: "custom", message: `${label} must be a string` });
      return z.NEVER;
    }
    const trimmed = value.trim();
    if ((multiline ? CONTROL : CONTROL_OR_BREAK).test(trimmed) || LONE_SURROGATE.test(trimmed)) {
      ctx.addIssue({ code: "custom", message: `${label} has invalid characters` });
      return z.NEVER;
    }
    if (trimmed.length > max) {
      ctx.addIssue({ code: "custom", message: `${label} is too long (maximum is ${max} characters)` });
      return z.NEVER;
    }
    return trimmed;
  });
}

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;

export function email(label: string, required = false) {
  return text(label, { max: 254, required }).transform((value, ctx) => {
    if (value !== undefined && !EMAIL.test(value)) {
      ctx.addIssue({ code: "custom", message: `${label} is not a valid email address` });
      return z.NEVER;
    }
    return value;
  });
}

export const deliveryMethod = text("Delivery method", { max: 10 }).transform((value, ctx) => {
  const method = (value ?? "email").toLowerCase();
  if (method !== "email" && method !== "link") {
    ctx.addIssue({ code: "custom", message: "Delivery method must be email or link" });
    return z.NEVER;
  }
  return method as "email" | "link";
});

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** ISO 8601 with a zone (`2026-12-01T09:00:00Z`); a bare date means midnight UTC. */
export const scheduledAt = text("Scheduled at", { max: 40 }).transform((value, ctx): Date | undefined => {
  if (value === undefined) return undefined;
  const match = TIMESTAMP.exec(value);
  const valid = match && isCalendarDate(match[1], match[2], match[3]) && Number(match[4] ?? 0) <= 23 && Number(match[5] ?? 0) <= 59 && Number(match[6] ?? 0) <= 59;
  // Date parsing is the last word: an offset like +25:00 matches the pattern but is no date.
  const date = valid ? new Date(match[4] === undefined ? `${value}T00:00:00Z` : value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "Scheduled at must be an ISO 8601 UTC timestamp (YYYY-MM-DDThh:mm:ssZ)" });
    return z.NEVER;
  }
  return date;
});

/** A calendar date `YYYY-MM-DD`, kept as that string. */
export const expiresOn = text("Expires on", { max: 40 }).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const match = DATE.exec(value);
  if (!match || !isCalendarDate(match[1], match[2], match[3])) {
    ctx.addIssue({ code: "custom", message: "Expires on must be a date (YYYY-MM-DD)" });
    return z.NEVER;
  }
  return value;
});

export const logoId = z.unknown().transform((value, ctx): number | undefined => {
  if (isBlank(value)) return undefined;
  const n = typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1) {
    ctx.addIssue({ code: "custom", message: "Logo id must be a positive integer" });
    return z.NEVER;
  }
  return n;
});
