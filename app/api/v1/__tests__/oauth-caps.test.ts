import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  createOAuthClient,
  exchangeAuthorizationCode,
} from "@/lib/oauth";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { expectError, giftBody, openDatabaseForFile } from "./helpers";

// An OAuth client may ask for spending caps; the consent screen shows them and the grant carries
// exactly what was consented (docs/oauth.md "Spending caps").
const t = openDatabaseForFile();
const REDIRECT = "https://agent.example.test/callback";
let client: Awaited<ReturnType<typeof createOAuthClient>>;
let price: number;

beforeAll(async () => {
  await catalogue(t.db);
  price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } })).priceCents;
  client = await createOAuthClient(t.db, { name: "Gift Agent", redirectUris: [REDIRECT] });
});

const query = (over: Record<string, string | string[]> = {}) => ({
  client_id: client.clientId,
  redirect_uri: REDIRECT,
  response_type: "code",
  state: "s1",
  ...over,
});

/** Consent with the caps the request asked for, then exchange the code: the grant's token. */
async function grant(userId: string, over: Record<string, string> = {}) {
  const check = await checkAuthorizationRequest(t.db, query(over));
  if (check.status !== "consent") throw new Error(JSON.stringify(check));
  const approved = await approveAuthorization(t.db, {
    clientId: client.clientId,
    redirectUri: REDIRECT,
    state: check.state,
    caps: check.caps,
    userId,
  });
  if (approved.status !== "redirect") throw new Error(approved.reason);
  const issued = await exchangeAuthorizationCode(t.db, {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code: approved.code,
    redirectUri: REDIRECT,
  });
  return { check, token: issued.accessToken };
}

describe("an OAuth grant's spending caps", () => {
  it("are what the application asked for and the person consented to, and the API holds the token to them", async () => {
    const owner = await createAccount(t.db);
    const { check, token } = await grant(owner.user.id, {
      max_per_day: formatMoney(price * 2),
      max_per_gift: "200",
    });
    expect(check).toMatchObject({
      status: "consent",
      caps: { dailyCents: price * 2, perGiftCents: 20_000, monthlyCents: null, collectionIds: null },
    });
    const api = apiAs(token);
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    const refused = expectError(await api.post("/gifts", giftBody()), 402, "Payment Required");
    expect(refused.code).toBe("cap_daily_exceeded");
    expect(refused.detail).toContain(`This application's access may spend up to ${formatMoney(price * 2)} a day`);
    // The person's own token is another credential, with its own (no) caps.
    expect((await apiAs(owner.tokens.live).post("/gifts", giftBody())).status).toBe(200);
  });

  it("a grant asking for no caps has none; one limited to collections can't send from another", async () => {
    const owner = await createAccount(t.db);
    const open = await grant(owner.user.id);
    expect(open.check).toMatchObject({ caps: null });
    const other = await t.db.collection.findFirstOrThrow({ where: { global: true, name: { not: "Coffee Lovers" } } });
    const limited = await grant(owner.user.id, { collections: String(other.id) });
    const refused = expectError(await apiAs(limited.token).post("/gifts", giftBody()), 403, "Forbidden");
    expect(refused.code).toBe("collection_not_allowed");
    expect((await apiAs(open.token).post("/gifts", giftBody())).status).toBe(200);
  });

  it("a malformed, repeated or oversized cap goes back to the application as invalid_request, never to consent", async () => {
    const malformed: Record<string, string | string[]>[] = [
      { max_per_day: "-1" },
      { max_per_day: "lots" },
      { max_per_month: "99999999.00" },
      { max_per_gift: "1.999" },
      { max_per_day: ["10", "20"] },
      { collections: "1,two" },
      { collections: Array.from({ length: 60 }, (_, i) => i + 1).join(",") },
      { max_per_day: "x".repeat(5000) },
    ];
    for (const over of malformed) {
      const check = await checkAuthorizationRequest(t.db, query(over));
      expect(check.status, JSON.stringify(over).slice(0, 60)).toBe("redirect");
      if (check.status !== "redirect") continue;
      const back = new URL(check.to);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("s1");
    }
  });
});
