import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GIFT_ACTIONS, STAGES } from "@/lib/gifts";
import { openApiDocument } from "./document";

const API_DIR = path.resolve(import.meta.dirname, "../../../app/api/v1");
// Not endpoints of the API itself: the 404 for unknown paths and the document.
const NOT_ENDPOINTS = new Set(["", "/[...path]", "/openapi.json"]);

/** Every route file under app/api/v1 as an OpenAPI path, with the methods its OPTIONS says it serves. */
async function servedRoutes(): Promise<Map<string, string[]>> {
  const routes = new Map<string, string[]>();
  const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("route.ts"));
  for (const file of files) {
    const dir = `/${path.dirname(file)}`.replace(/\/\.$/, "");
    if (NOT_ENDPOINTS.has(dir === "/" ? "" : dir)) continue;
    const route = (await import(path.join(API_DIR, file))) as { OPTIONS?: (r: Request) => Promise<Response> };
    expect(route.OPTIONS, `${file} exports OPTIONS`).toBeTypeOf("function");
    const allow =
      (await route.OPTIONS!(new Request("http://localhost:3000/", { method: "OPTIONS" }))).headers.get("allow") ?? "";
    const methods = allow
      .split(", ")
      .filter((m) => m !== "OPTIONS")
      .map((m) => m.toLowerCase())
      .sort();
    routes.set(dir.replace(/\[(\w+)\]/g, "{$1}"), methods);
  }
  return routes;
}

describe("the OpenAPI document", () => {
  const doc = openApiDocument();

  it("describes exactly the routes and methods app/api/v1 serves", async () => {
    const served = await servedRoutes();
    const documented = new Map(Object.entries(doc.paths ?? {}).map(([p, item]) => [p, Object.keys(item ?? {}).sort()]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(served));
  });

  it("is OpenAPI 3.1 with every URL on APP_URL, three auth schemes and an error list", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "http://localhost:3000/api/v1", description: "This Ribbon" }]);
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(["accessToken", "bearer", "oauth2"]);
    expect(JSON.stringify(doc.components?.securitySchemes)).toContain("http://localhost:3000/oauth2/token");
    // The codes are a table (info's x-error-codes, /docs#errors), not a wall of words in the description.
    expect(doc.info.description).not.toContain("`card_declined`");
    const codes = (doc.info as unknown as { "x-error-codes": { code: string; status: number }[] })["x-error-codes"];
    expect(codes).toContainEqual(expect.objectContaining({ code: "card_declined", status: 400 }));
  });

  it("summarises a stage's webhook as where the gift moved, an action's as what happened", () => {
    const summary = (type: string) => doc.webhooks?.[type]?.post?.summary;
    for (const stage of STAGES) expect(summary(`gift.${stage}`)).toBe(`gift.${stage}: a gift moved to ${stage}`);
    for (const action of GIFT_ACTIONS) expect(summary(`gift.${action}`)).not.toMatch(/moved to/);
    expect(summary("gift.reminded")).toBe("gift.reminded: a reminder email went to a recipient who hasn't chosen yet");
  });

  it("describes request bodies from the validators: required fields, limits, no unknown keys", () => {
    const create = doc.components?.schemas?.CreateGiftRequest as {
      required: string[];
      additionalProperties: boolean;
      properties: { gift: { required: string[]; properties: Record<string, { maxLength?: number; type?: string }> } };
    };
    expect(create.required).toEqual(["gift"]);
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.gift.required).toEqual(["name", "collection", "message", "from"]);
    expect(create.properties.gift.properties.message).toMatchObject({ type: "string", maxLength: 2000 });
    expect(create.properties.gift.properties.logo_id).toMatchObject({ type: "integer" });
  });
});
