import { z } from "zod";
import { unknownFieldProblems, ValidationError, type FieldProblem } from "@/lib/errors";
import { fail, problemCode, text } from "@/lib/gifts/fields";
import { isPublicAddress } from "@/lib/http/address-policy";
import { EVENT_TYPES, isEventType, type EventType } from "./event-types";

export const MAX_URL_LENGTH = 2048;

export type EndpointInput = { url?: string; description?: string | null; eventTypes?: EventType[]; enabled?: boolean };

/** A webhook URL: absolute http(s), no user:password@, at most 2,048 characters; with `allowPrivate` off, no private IP literal or localhost. */
const URL_DOC = {
  description: "Where events are POSTed: an absolute http(s) URL on a public address.",
  example: "https://example.com/ribbon/webhooks",
};

const url = (allowPrivate: boolean) =>
  text("Url", { max: MAX_URL_LENGTH }, URL_DOC)
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        return fail(ctx, "Url must be an absolute http or https URL", "invalid_url");
      }
      const host = parsed.hostname
        .replace(/^\[|\]$/g, "")
        .replace(/\.$/, "")
        .toLowerCase();
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
        return fail(ctx, "Url must use http or https", "invalid_url");
      if (parsed.username || parsed.password)
        return fail(ctx, "Url must not contain a user name or password", "invalid_url");
      if (!host) return fail(ctx, "Url must have a host", "invalid_url");
      if (
        !allowPrivate &&
        (host === "localhost" || host.endsWith(".localhost") || (/^[\d.]+$|:/.test(host) && !isPublicAddress(host)))
      ) {
        return fail(ctx, "Url must point to a public address", "private_address");
      }
      return parsed.toString();
    })
    .meta({ ...URL_DOC, override: { type: "string", format: "uri", maxLength: MAX_URL_LENGTH } });

const eventTypes = z
  .unknown()
  .transform((value, ctx): EventType[] | undefined => {
    if (value === undefined || value === null) return undefined;
    if (
      !Array.isArray(value) ||
      value.length === 0 ||
      value.length > EVENT_TYPES.length * 2 ||
      !value.every((v) => typeof v === "string" && isEventType(v))
    ) {
      return fail(ctx, `Event types must be a non-empty list of: ${EVENT_TYPES.join(", ")}`, "invalid_event_types");
    }
    return [...new Set(value as EventType[])];
  })
  .meta({
    description: "The event types sent to this endpoint. Default on create: all of them.",
    override: { type: "array", items: { type: "string", enum: [...EVENT_TYPES] }, minItems: 1 },
  });

const enabled = z
  .unknown()
  .transform((value, ctx): boolean | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") return fail(ctx, "Enabled must be true or false", "not_a_boolean");
    return value;
  })
  .meta({
    description: "false pauses deliveries; true re-enables an endpoint that was disabled after failing.",
    override: { type: "boolean" },
  });

const description = text("Description", { max: 500 }, { description: "A note for you; an empty string clears it." });

/** The request body of create and update, for the OpenAPI document (parseEndpointInput validates it field by field). */
export const webhookEndpointBody = z
  .object({
    // Each field optional as the server takes it: create needs `url`, an update any subset.
    webhook_endpoint: z.object({
      url: url(false).optional(),
      description: description.optional(),
      event_types: eventTypes.optional(),
      enabled: enabled.optional(),
    }),
  })
  .meta({ id: "WebhookEndpointRequest", description: "`url` is required on create." });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `{"webhook_endpoint": {url, description, event_types, enabled}}` → input, or a
 * ValidationError with every problem (unknown fields included). On create the URL is
 * required and event types default to all of them.
 */
export function parseEndpointInput(
  body: unknown,
  { create, allowPrivate }: { create: boolean; allowPrivate: boolean },
): EndpointInput {
  const problems: FieldProblem[] = [];
  if (isObject(body))
    problems.push(
      ...unknownFieldProblems(
        body,
        ["webhook_endpoint"],
        "",
        (key) => `${key} is not a known field: put it inside "webhook_endpoint"`,
      ),
    );
  const input = isObject(body) ? body.webhook_endpoint : undefined;
  if (!isObject(input)) {
    const blank = input === undefined || input === null;
    problems.push({
      detail: blank ? "Webhook endpoint can't be blank" : "Webhook endpoint must be an object",
      pointer: "/webhook_endpoint",
      code: blank ? "blank" : "not_an_object",
    });
    throw new ValidationError(problems);
  }
  const fields = { url: url(allowPrivate), description, event_types: eventTypes, enabled } as const;
  problems.push(...unknownFieldProblems(input, fields, "/webhook_endpoint"));
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const result = (schema as z.ZodType).safeParse(input[key]);
    if (result.success) out[key] = result.data;
    else
      for (const issue of result.error.issues)
        problems.push({ detail: issue.message, pointer: `/webhook_endpoint/${key}`, code: problemCode(issue) });
  }
  if (create && out.url === undefined && !problems.some((p) => p.pointer === "/webhook_endpoint/url")) {
    problems.push({ detail: "Url can't be blank", pointer: "/webhook_endpoint/url", code: "blank" });
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return {
    url: out.url as string | undefined,
    // An explicit empty description clears it on update.
    description: Object.hasOwn(input, "description") ? ((out.description as string | undefined) ?? null) : undefined,
    eventTypes: (out.event_types as EventType[] | undefined) ?? (create ? [...EVENT_TYPES] : undefined),
    enabled: out.enabled as boolean | undefined,
  };
}
