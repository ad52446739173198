import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import * as mcpRoute from "../route";
import * as tokenRoute from "@/app/oauth2/token/route";
import * as registerRoute from "@/app/oauth2/register/route";
import * as asRoute from "@/app/.well-known/oauth-authorization-server/route";
import * as prmRoute from "@/app/.well-known/oauth-protected-resource/[[...path]]/route";
import * as teamsRoute from "@/app/api/v1/teams/route";

// Cross-origin access (lib/http/cors.ts): what a browser-based MCP host calls answers any
// origin; nothing that reads a cookie does.
openDatabaseForFile();
const APP = path.resolve(import.meta.dirname, "../../..");
const EVIL = { Origin: "https://evil.example" };

function routeFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) routeFiles(full, found);
    else if (entry.name === "route.ts") found.push(full);
  }
  return found;
}

describe("cross-origin requests", () => {
  it("are allowed only on routes that never read a cookie, each with its preflight", () => {
    const crossOrigin = routeFiles(APP)
      .map((file) => ({ file: path.relative(APP, file), source: readFileSync(file, "utf8") }))
      .filter(({ source }) => source.includes("@/lib/http/cors"));
    expect(crossOrigin.map((r) => r.file).sort()).toEqual([
      ".well-known/oauth-authorization-server/route.ts",
      ".well-known/oauth-protected-resource/[[...path]]/route.ts",
      "api/mcp/route.ts",
      "oauth2/register/route.ts",
      "oauth2/token/route.ts",
    ]);
    for (const { file, source } of crossOrigin) {
      expect(source, file).not.toMatch(/siteContext|signedInPerson|next\/headers|@\/lib\/auth|cookies\(/);
      expect(source, file).toMatch(/export const OPTIONS = corsPreflight\(/);
    }
  });

  it("preflights answer any origin, with the headers an MCP host sends", async () => {
    for (const preflight of [
      mcpRoute.OPTIONS,
      tokenRoute.OPTIONS,
      registerRoute.OPTIONS,
      asRoute.OPTIONS,
      prmRoute.OPTIONS,
    ]) {
      const res = preflight!();
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(res.headers.get("access-control-allow-headers")).toMatch(
        /Authorization.*MCP-Protocol-Version.*Mcp-Method/,
      );
    }
    expect(mcpRoute.OPTIONS!().headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
  });

  it("every answer, refusals too, is readable cross-origin: the 401's WWW-Authenticate, the token endpoint's error, the documents", async () => {
    const unauthorized = await mcpRoute.POST(
      new Request(`${config.appUrl}/api/mcp`, { method: "POST", headers: EVIL, body: "{}" }),
    );
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe("*");
    expect(unauthorized.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");

    const refused = await tokenRoute.POST(
      new Request(`${config.appUrl}/oauth2/token`, {
        method: "POST",
        headers: { ...EVIL, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=authorization_code&code=forged",
      }),
    );
    expect(refused.status).toBe(401); // invalid_client: no client_id
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");

    const metadata = await asRoute.GET();
    expect(metadata.headers.get("access-control-allow-origin")).toBe("*");
    const resource = await prmRoute.GET(new Request(`${config.appUrl}/.well-known/oauth-protected-resource/api/mcp`), {
      params: Promise.resolve({ path: ["api", "mcp"] }),
    });
    expect(resource.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("the API stays same-origin, whatever Origin says", async () => {
    const res = await teamsRoute.GET(new Request(`${config.appUrl}/api/v1/teams`, { headers: EVIL }));
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
