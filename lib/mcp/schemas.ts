import { createSchema } from "zod-openapi";
import type { z } from "zod";
import { STAGES } from "@/lib/gifts";
import { bulkGiftBody, singleGiftBody } from "@/lib/gifts/schema";

type JsonSchema = Record<string, unknown>;

/**
 * The `gift` object of an API request body as JSON Schema, from the same zod schema the API's
 * OpenAPI document is built from (lib/gifts/schema.ts): one home for what a gift is. Nested
 * named schemas stay in `$defs`.
 */
function giftSchema(body: z.ZodType): { gift: JsonSchema; defs: Record<string, JsonSchema> } {
  const { schema, components } = createSchema(body, { io: "input", schemaRefPath: "#/$defs/" } as never) as {
    schema: { $ref: string };
    components: Record<string, JsonSchema>;
  };
  const id = schema.$ref.replace("#/$defs/", "");
  const root = components[id] as { properties: { gift: JsonSchema } };
  const defs = Object.fromEntries(Object.entries(components).filter(([key]) => key !== id));
  return { gift: root.properties.gift, defs };
}

/** An object schema with these properties (no others), as MCP's tools/list shows it. */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = [], defs = {}): JsonSchema {
  return {
    type: "object",
    properties,
    required,
    additionalProperties: false,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

const single = giftSchema(singleGiftBody);
const bulk = giftSchema(bulkGiftBody);

export const SINGLE_GIFT = single;
export const BULK_GIFT = bulk;

export const IDEMPOTENCY_KEY: JsonSchema = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  pattern: "^[\\x21-\\x7e]+$",
  description:
    "A key you choose for this send (1–255 visible ASCII characters), e.g. a UUID. Sending again with the same key and arguments returns the first result instead of sending twice.",
};

export const QUOTED_TOTAL: JsonSchema = {
  type: "string",
  pattern: "^\\d{1,7}(\\.\\d{1,2})?$",
  description:
    'The `total` of the quote you showed the user (USD, e.g. "25.00"). If the price is now different, nothing is sent and the error says the new total.',
};

/** The longest team id a tool takes (team ids are short slugs; the API's paths take the same ids). */
export const MAX_TEAM_ID = 100;

export const TEAM_ID: JsonSchema = {
  type: "string",
  minLength: 1,
  maxLength: MAX_TEAM_ID,
  description:
    "The team to act on, as the API's /teams/:team_id paths name it (see the user's teams on Ribbon's account page). Optional: without it, the user's only team (or, for a sandbox grant, their sandbox).",
};

export const GIFT_ID: JsonSchema = { type: "string", maxLength: 100, description: "The gift's id." };

export const STAGE: JsonSchema = { type: "string", enum: [...STAGES], description: "Only gifts at this stage." };
