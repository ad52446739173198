import { z } from "zod";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import { text } from "@/lib/gifts/fields";
import { isPublicAddress } from "./address-policy";
import { EVENT_TYPES, isEventType, type EventType } from "./event-types";

export const MAX_URL_LENGTH = 2048;

export type EndpointInput = { url?: string; description?: string | null; eventTypes?: EventType[]; enabled?: boolean };

/** A webhook URL: absolute http(s), no user:password@, at most 2,048 characters; with `allowPrivate` off, no private IP literal or localhost. */
const url = (allowPrivate: boolean) =>
  text("Url", { max: MAX_URL_LENGTH }).transform((value, ctx) => {
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Url must be an absolute http or https URL" });
      return z.NEVER;
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") ctx.addIssue({ code: "custom", message: "Url must use http or https" });
    else if (parsed.username || parsed.password) ctx.addIssue({ code: "custom", message: "Url must not contain a user name or password" });
    else if (!host) ctx.addIssue({ code: "custom", message: "Url must have a host" });
    else if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (/^[\d.]+$|:/.test(host) && !isPublicAddress(host)))) {
      ctx.addIssue({ code: "custom", message: "Url must point to a public address" });
    } else return parsed.toString();
    return z.NEVER;
  });

const eventTypes = z.unknown().transform((value, ctx): EventType[] | undefined => {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > EVENT_TYPES.length * 2 || !value.every((v) => typeof v === "string" && isEventType(v))) {
    ctx.addIssue({ code: "custom", message: `Event types must be a non-empty list of: ${EVENT_TYPES.join(", ")}` });
    return z.NEVER;
  }
  return [...new Set(value as EventType[])];
});

const enabled = z.unknown().transform((value, ctx): boolean | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") {
    ctx.addIssue({ code: "custom", message: "Enabled must be true or false" });
    return z.NEVER;
  }
  return value;
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `{"webhook_endpoint": {url, description, event_types, enabled}}` → input, or a
 * ValidationError with every problem (unknown fields included). On create the URL is
 * required and event types default to all of them.
 */
export function parseEndpointInput(body: unknown, { create, allowPrivate }: { create: boolean; allowPrivate: boolean }): EndpointInput {
  const problems: FieldProblem[] = [];
  const input = isObject(body) ? body.webhook_endpoint : undefined;
  if (!isObject(input)) {
    throw new ValidationError([{ detail: input === undefined || input === null ? "Webhook endpoint can't be blank" : "Webhook endpoint must be an object", pointer: "/webhook_endpoint" }]);
  }
  const fields = { url: url(allowPrivate), description: text("Description", { max: 500 }), event_types: eventTypes, enabled } as const;
  for (const key of Object.keys(input)) {
    if (!(key in fields)) problems.push({ detail: `${key} is not a known field`, pointer: `/webhook_endpoint/${key}`, code: "unknown_field" });
  }
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const result = (schema as z.ZodType).safeParse(input[key]);
    if (result.success) out[key] = result.data;
    else for (const issue of result.error.issues) problems.push({ detail: issue.message, pointer: `/webhook_endpoint/${key}` });
  }
  if (create && out.url === undefined && !problems.some((p) => p.pointer === "/webhook_endpoint/url")) {
    problems.push({ detail: "Url can't be blank", pointer: "/webhook_endpoint/url" });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return {
    url: out.url as string | undefined,
    // An explicit empty description clears it on update.
    description: "description" in input ? ((out.description as string | undefined) ?? null) : undefined,
    eventTypes: (out.event_types as EventType[] | undefined) ?? (create ? [...EVENT_TYPES] : undefined),
    enabled: out.enabled as boolean | undefined,
  };
}
