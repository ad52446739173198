import { expect, test } from "@playwright/test";
import type {
  OAuthClientInformationFull,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { ownerWithTeam } from "./dashboard-helpers";
import { connect, discover, HostAuth, mcpHost, Transcript } from "./mcp-host";

// An MCP host that registers only dynamically (RFC 7591), as several hosts in use today do: the
// official SDK's client over real HTTP against `npm start` finds registration_endpoint in the
// authorization server's metadata and registers itself; its callback listens on a port chosen at
// run time while it registered a loopback URI without one (RFC 8252 §7.3). The person sees it as
// unverified and registered dynamically, is told why an approval without readable caps issued
// nothing, approves, and then finds it on the account page with its mode, caps and last use,
// lowers a cap (and can't raise it) and revokes it.

const host = mcpHost();
const NAME = "Loopback Agent (dynamic)";

/** The SDK registers a host that gives it no client information (and can save what it gets). */
class DynamicHostAuth extends HostAuth {
  registered: OAuthClientInformationFull | undefined;
  constructor(hostUrl: string) {
    super("", `${hostUrl}/callback`);
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: NAME,
      // No port: the host opens whatever port is free each run.
      redirect_uris: ["http://127.0.0.1/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.registered;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.registered = information as OAuthClientInformationFull;
  }
}

test("a host that only registers dynamically connects on a run-time loopback port; the account page shows it and lowers its caps", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const transcript = new Transcript();
  const mcpUrl = new URL("/api/mcp", baseURL);
  const auth = new DynamicHostAuth(host.url);

  const authorize = await discover(mcpUrl, auth, transcript);
  expect(auth.registered?.client_id).toMatch(/^dcr_/);
  expect(auth.registered?.client_secret).toBeUndefined();
  expect(auth.registered?.grant_types).toEqual(["authorization_code"]);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${host.url}/callback`);
  transcript.say(
    `registered at /oauth2/register → ${auth.registered!.client_id.slice(0, 8)}… (no secret), redirect_uris ${JSON.stringify(auth.registered!.redirect_uris)}; authorizing with ${host.url}/callback`,
  );

  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(authorize.href);
  await expect(page.getByTestId("consent-unverified")).toContainText("registered itself with Ribbon dynamically");

  // A post the browser's own checks would stop (a script, an old browser): the screen says why.
  await page.getByLabel("per gift (USD)").evaluate((input) => input.removeAttribute("pattern"));
  await page.getByLabel("per gift (USD)").fill("lots");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("consent-refused")).toContainText("a cap must be an amount in US dollars");
  expect(host.callbacks).toHaveLength(0);
  transcript.say(
    `consent with per gift "lots" → back on the consent screen: "${await page.getByTestId("consent-refused").textContent()}"`,
  );

  await page.getByLabel("per gift (USD)").fill("60.00");
  await page.getByLabel("a day, in all (USD)").fill("150.00");
  await page.getByRole("radio", { name: /In my sandbox/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Connected to Ribbon" })).toBeVisible();
  const callback = host.callbacks.at(-1)!;
  expect(callback.origin).toBe(host.url);

  const agent = await connect(mcpUrl, auth, callback, transcript);
  expect((await agent.call("get_spend")).isError).toBeFalsy();

  await page.goto("/account");
  const app = page.getByTestId("connected-app").filter({ hasText: NAME });
  await expect(app.getByTestId("app-unverified")).toHaveText("unverified");
  await expect(app.getByTestId("app-origin")).toContainText("registered dynamically");
  await expect(app.getByTestId("grant-mode")).toContainText("sandbox");
  await expect(app.getByTestId("grant-caps")).toContainText("up to $60.00 per gift, up to $150.00 a day");
  await expect(app.getByTestId("app-origin")).toContainText("last used");
  await page.screenshot({ path: testInfo.outputPath("connected-apps.png"), fullPage: true });

  // Lower the cap per gift; a higher one is refused, and says how to raise it.
  await app.getByText("Lower its caps").click();
  const form = app.getByTestId("lower-caps");
  await form.getByLabel("Per gift (USD)").fill("20.00");
  await form.getByRole("button", { name: "Lower caps" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");
  await expect(app.getByTestId("grant-caps")).toContainText("up to $20.00 per gift");
  await form.getByLabel("Per gift (USD)").fill("500.00");
  await form.getByRole("button", { name: "Lower caps" }).click();
  await expect(form.getByRole("alert")).toContainText("can only be lowered here");
  const spend = await agent.call("get_spend");
  expect(JSON.stringify(spend.document)).toContain("20.00");
  transcript.say(
    `/account: "${NAME}" unverified, registered dynamically, sandbox; caps lowered to $20.00 per gift, $500.00 refused`,
  );

  await app.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("connected-app").filter({ hasText: NAME })).toHaveCount(0);
  await expect(agent.client.callTool({ name: "get_spend", arguments: {} })).rejects.toThrow();
  transcript.say(`Revoke → the next tools/call is refused; signed in as ${owner.email}`);
  await transcript.publish(testInfo, "dynamic registration");
});
