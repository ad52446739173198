import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { config } from "@/lib/config";
import { MCP_ANSWER_LIMIT } from "@/lib/mcp";
import { formatMoney } from "@/lib/money";
import { revokeAuthorizedApp } from "@/lib/oauth";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { setCard } from "@/lib/billing";
import { addMember, createTeam } from "@/lib/teams";
import { bulkBody, giftBody, openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import * as mcpRoute from "../route";
import * as prmRoute from "@/app/.well-known/oauth-protected-resource/[[...path]]/route";
import { MCP, mcpKit } from "./mcp-kit";

// The MCP server through the official SDK client, its requests handed to the route handler
// (e2e/mcp-agent.spec.ts and e2e/mcp-caps.spec.ts drive it over real HTTP with the whole OAuth flow).
const t = openDatabaseForFile();
const { grant, connect, call, post, toolCall } = mcpKit(t);

const gift = (over: Record<string, unknown> = {}) => giftBody(over).gift;

describe("the MCP server", () => {
  it("answers 401 with the protected resource metadata's URL, which names Ribbon as the authorization server", async () => {
    const res = await mcpRoute.POST(new Request(MCP(), { method: "POST", body: "{}" }));
    expect(res.status).toBe(401);
    const header = res.headers.get("www-authenticate")!;
    expect(header).toContain(`resource_metadata="${config.appUrl}/.well-known/oauth-protected-resource/api/mcp"`);
    // RFC 6750 §3.1: no credentials (or another scheme) → no error code; a bad bearer token → invalid_token.
    expect(header).toBe(`Bearer resource_metadata="${config.appUrl}/.well-known/oauth-protected-resource/api/mcp"`);
    const basic = await post(null, "{}", { Authorization: "Basic dXNlcjpwYXNz" });
    expect(basic.status).toBe(401);
    expect(basic.headers.get("www-authenticate")).not.toContain("error=");
    for (const bad of ["rbn_oat_not-a-real-token", "x"]) {
      const refused = await post(bad, "{}");
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe(`${header}, error="invalid_token"`);
    }
    const empty = await post(null, "{}", { Authorization: "Bearer " });
    expect(empty.headers.get("www-authenticate")).toBe(`${header}, error="invalid_token"`);
    for (const path of [[], ["api", "mcp"]]) {
      const prm = await prmRoute.GET(new Request(config.appUrl), { params: Promise.resolve({ path }) });
      expect(await prm.json()).toMatchObject({ resource: MCP(), authorization_servers: [config.appUrl] });
    }
  });

  it("lists its tools with truthful annotations and schemas from the API's", async () => {
    const owner = await createAccount(t.db);
    const client = await connect((await grant(owner.user.id)).token);
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        "cancel_gift",
        "get_gift",
        "get_spend",
        "list_collections",
        "list_gifts",
        "quote_batch",
        "quote_gift",
        "send_batch",
        "send_gift",
      ].sort(),
    );
    expect(byName.quote_gift.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.cancel_gift.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.send_gift.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.send_gift.inputSchema.required).toEqual(["gift", "quoted_total", "idempotency_key"]);
    const giftProps = (byName.send_gift.inputSchema.properties as { gift: { properties: object } }).gift.properties;
    expect(Object.keys(giftProps)).toEqual(expect.arrayContaining(["collection", "message", "email", "from"]));
  });

  it("quotes, sends within the quote, follows, lists and cancels a gift; errors carry the API's codes and words", async () => {
    const owner = await createAccount(t.db);
    const client = await connect((await grant(owner.user.id)).token);
    const collections = await call(client, "list_collections");
    expect(collections.isError).toBeFalsy();
    expect(collections.document.data).toEqual(expect.arrayContaining([expect.anything()]));

    const quote = await call(client, "quote_gift", { gift: gift() });
    const price = (quote.document.meta as { price: { total: string } }).price;
    const mismatch = await call(client, "send_gift", { gift: gift(), quoted_total: "0.01", idempotency_key: "k0" });
    expect(mismatch.isError).toBe(true);
    expect(mismatch.document.errors[0]).toMatchObject({ code: "quote_mismatch", status: 409 });

    const sent = await call(client, "send_gift", { gift: gift(), quoted_total: price.total, idempotency_key: "k1" });
    expect(sent.isError).toBeFalsy();
    const id = (sent.document.data as { id: string }).id;
    const again = await call(client, "send_gift", { gift: gift(), quoted_total: price.total, idempotency_key: "k1" });
    expect((again.document.data as { id: string }).id).toBe(id);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(1);

    const got = await call(client, "get_gift", { id });
    expect(got.document.meta).toMatchObject({ timeline: [expect.objectContaining({ type: "events" })] });
    const listed = await call(client, "list_gifts", { stage: "scheduled" });
    expect((listed.document.data as unknown[]).length).toBe(1);

    const invalid = await call(client, "send_gift", {
      gift: gift({ email: "not-an-email" }),
      quoted_total: price.total,
      idempotency_key: "k2",
    });
    expect(invalid.isError).toBe(true);
    expect(invalid.document.errors[0]).toMatchObject({
      code: "invalid_email",
      source: { pointer: "/gift/email" },
    });
    const viaApi = await apiAs(owner.tokens.live).post("/gifts", giftBody({ email: "not-an-email" }));
    expect(invalid.document.errors[0].detail).toBe((viaApi.body as { errors: { detail: string }[] }).errors[0].detail);

    const cancelled = await call(client, "cancel_gift", { id });
    expect((cancelled.document.data as { attributes: { stage: string } }).attributes.stage).toBe("cancelled");
    const twice = await call(client, "cancel_gift", { id });
    expect(twice.isError).toBe(true);
    const spend = await call(client, "get_spend");
    expect(spend.document.meta).toMatchObject({
      mode: "live",
      caps: { "per-gift": "200.00", daily: "500.00", "spent-today": "0.00", "remaining-today": "500.00" },
    });
  });

  it("a EUR team's agent quotes a gift to Brazil (converted, with its duty and tax) and sends it with the quote: charged exactly that", async () => {
    const owner = await createAccount(t.db);
    const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, { budget: { currency: "EUR" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const client = await connect((await grant(owner.user.id)).token);
    const toBrazil = gift({ collection: "Coffee Lovers", recipient_country: "BR" });
    const quoted = await call(client, "quote_gift", { gift: toBrazil });
    expect(quoted.isError, JSON.stringify(quoted.document)).toBeFalsy();
    const price = (quoted.document.meta as { price: Record<string, unknown> }).price as {
      currency: string;
      total: string;
      conversion: { to: string } | null;
      "landed-cost": { countries: { country: string; basis: string }[] } | null;
      quote: { id: string };
    };
    expect(price.currency).toBe("EUR");
    expect(price.conversion).toMatchObject({ to: "EUR" });
    expect(price["landed-cost"]!.countries).toEqual([expect.objectContaining({ country: "BR", basis: "estimated" })]);
    const sent = await call(client, "send_gift", {
      gift: { ...toBrazil, quote: price.quote.id },
      quoted_total: price.total,
      idempotency_key: "eur-1",
    });
    expect(sent.isError, JSON.stringify(sent.document)).toBeFalsy();
    const charge = await t.db.charge.findFirstOrThrow({ where: { teamId: owner.team.id } });
    expect(charge).toMatchObject({ currency: "eur", quoteId: price.quote.id });
    expect(formatMoney(charge.amountCents, "EUR")).toBe(price.total);
    // The quote is used: a second send with it is refused, nothing more charged.
    const again = await call(client, "send_gift", {
      gift: { ...toBrazil, quote: price.quote.id },
      quoted_total: price.total,
      idempotency_key: "eur-2",
    });
    expect(again.isError).toBe(true);
    expect(again.document.errors[0]).toMatchObject({ code: "quote_used" });
    expect(await t.db.charge.count({ where: { teamId: owner.team.id } })).toBe(1);
  });

  it("holds a live grant to its daily cap under 20 concurrent sends", async () => {
    const owner = await createAccount(t.db);
    const price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } }))
      .priceCents;
    const client = await connect((await grant(owner.user.id, { daily: formatMoney(price * 3) })).token);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(client, "send_gift", { gift: gift(), quoted_total: formatMoney(price), idempotency_key: `c${i}` }),
      ),
    );
    expect(results.filter((r) => !r.isError)).toHaveLength(3);
    const refused = results.filter((r) => r.isError).map((r) => r.document.errors[0].code);
    expect(new Set(refused)).toEqual(new Set(["cap_daily_exceeded"]));
    expect(await t.db.charge.count({ where: { teamId: owner.team.id, kind: "charge" } })).toBe(3);
  });

  it("20 concurrent sends with one idempotency key: one gift, one charge, the same answer", async () => {
    const owner = await createAccount(t.db);
    const price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } }))
      .priceCents;
    const client = await connect((await grant(owner.user.id)).token);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(client, "send_gift", { gift: gift(), quoted_total: formatMoney(price), idempotency_key: "same" }),
      ),
    );
    expect(results.filter((r) => r.isError).map((r) => r.document.errors)).toEqual([]);
    expect(new Set(results.map((r) => (r.document.data as { id: string }).id)).size).toBe(1);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(1);
    expect(await t.db.charge.count({ where: { teamId: owner.team.id, kind: "charge" } })).toBe(1);
  });

  /** A collection of the owner's team alone, so its price can change without touching other tests. */
  const ownCollection = (teamId: string, priceCents: number) =>
    t.db.collection.create({
      data: {
        slug: `hampers-${teamId}`,
        name: `Hampers ${teamId}`,
        description: "A team's own collection",
        global: false,
        teamId,
        priceCents,
        imageUrl: "https://example.test/hamper.png",
      },
    });

  it("a price changed between quote and send: 409 quote_mismatch, nothing created or charged, the key still free", async () => {
    const owner = await createAccount(t.db);
    const collection = await ownCollection(owner.team.id, 4000);
    const client = await connect((await grant(owner.user.id)).token);
    const hamper = gift({ collection: collection.name });
    const quote = await call(client, "quote_gift", { gift: hamper });
    expect(quote.document.meta.price.total).toBe("40.00");

    await t.db.collection.update({ where: { id: collection.id }, data: { priceCents: 4500 } });
    const refused = await call(client, "send_gift", { gift: hamper, quoted_total: "40.00", idempotency_key: "p1" });
    expect(refused.isError).toBe(true);
    expect(refused.document.errors[0]).toMatchObject({
      status: 409,
      code: "quote_mismatch",
      detail:
        "The total is now 45.00, not the 40.00 you quoted. Nothing was sent or charged: show the user the new total and send again with it.",
      source: { pointer: "/quoted_total" },
      meta: { quoted: "40.00", total: "45.00" },
    });
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);
    expect(await t.db.charge.count({ where: { teamId: owner.team.id } })).toBe(0);

    // The refusal held nothing: the same key with the new total sends, charged what was quoted.
    const sent = await call(client, "send_gift", { gift: hamper, quoted_total: "45.00", idempotency_key: "p1" });
    expect(sent.isError).toBeFalsy();
    const charges = await t.db.charge.findMany({ where: { teamId: owner.team.id } });
    expect(charges.map((c) => c.amountCents)).toEqual([4500]);
    const [made] = await t.db.gift.findMany({ where: { teamId: owner.team.id } });
    expect(made.priceCents).toBe(4500);
  });

  it("a price changed while 20 sends run: every send is charged exactly its quoted total, or refused", async () => {
    const owner = await createAccount(t.db);
    const collection = await ownCollection(owner.team.id, 4000);
    const client = await connect((await grant(owner.user.id, { daily: "10000.00" })).token);
    const hamper = gift({ collection: collection.name });
    const send = (quoted: string, i: number) =>
      call(client, "send_gift", { gift: hamper, quoted_total: quoted, idempotency_key: `race-${i}` }).then(
        (result) => ({ quoted, result }),
      );
    const [first, , second] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => send("40.00", i))),
      t.db.collection.update({ where: { id: collection.id }, data: { priceCents: 4500 } }),
      Promise.all(Array.from({ length: 10 }, (_, i) => send("45.00", 10 + i))),
    ]);
    const outcomes = [...first, ...second];
    for (const { quoted, result } of outcomes) {
      if (!result.isError) {
        const made = await t.db.gift.findUniqueOrThrow({
          where: { id: (result.document.data as { id: string }).id },
        });
        const charge = await t.db.charge.findUniqueOrThrow({ where: { id: made.chargeId! } });
        expect([formatMoney(made.priceCents), formatMoney(charge.amountCents)]).toEqual([quoted, quoted]);
      } else expect(result.document.errors[0]).toMatchObject({ code: "quote_mismatch" });
    }
    const ok = outcomes.filter((o) => !o.result.isError);
    const charged = await t.db.charge.aggregate({ where: { teamId: owner.team.id }, _sum: { amountCents: true } });
    expect(charged._sum.amountCents ?? 0).toBe(ok.reduce((sum, o) => sum + Math.round(Number(o.quoted) * 100), 0));
    // After the change, the new total always sends.
    expect(second.every((o) => !o.result.isError)).toBe(true);
  });

  it("team_id: the API's team rules and words; a team the user isn't on is 404, nothing sent there", async () => {
    const owner = await createAccount(t.db);
    const second = await createTeam(t.db, { name: `Second ${owner.team.id}`, ownerId: owner.user.id });
    await setCard(t.db, { teamId: second.id, number: "4242424242424242" });
    const stranger = await createAccount(t.db);
    const client = await connect((await grant(owner.user.id)).token);
    const price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } }))
      .priceCents;

    // Two teams and no team_id: the API's 400, telling the agent what to pass.
    const which = await call(client, "get_spend");
    expect(which.isError).toBe(true);
    expect(which.document.errors[0]).toMatchObject({ status: 400, code: "bad_request" });
    expect(which.document.errors[0].detail).toBe(
      `You belong to 2 teams; pass team_id, one of: ${owner.team.id}, ${second.id}.`,
    );

    const sent = await call(client, "send_gift", {
      gift: gift(),
      quoted_total: formatMoney(price),
      idempotency_key: "t1",
      team_id: second.id,
    });
    expect(sent.document.errors).toBeUndefined();
    const id = (sent.document.data as { id: string }).id;
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).teamId).toBe(second.id);
    expect((await call(client, "get_gift", { id, team_id: second.id })).isError).toBeFalsy();
    const listed = await call(client, "list_gifts", { team_id: owner.team.id });
    expect(listed.document.data).toEqual([]);

    // Another team's gift through this team: the API's 404 too.
    const elsewhere = await call(client, "get_gift", { id, team_id: owner.team.id });
    const elsewhereApi = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/gifts/${id}`);
    expect(elsewhere.document.errors[0]).toEqual((elsewhereApi.body as { errors: unknown[] }).errors[0]);

    // A stranger's team: 404 with the API's words, whatever the tool; nothing sent or cancelled there.
    const viaApi = await apiAs(owner.tokens.live).get(`/teams/${stranger.team.id}/gifts`);
    expect(viaApi.status).toBe(404);
    const apiError = (viaApi.body as { errors: unknown[] }).errors[0];
    for (const [name, args] of [
      ["list_collections", {}],
      ["list_gifts", {}],
      ["get_spend", {}],
      ["quote_gift", { gift: gift() }],
      ["send_gift", { gift: gift(), quoted_total: formatMoney(price), idempotency_key: "t2" }],
      ["cancel_gift", { id }],
    ] as const) {
      const refused = await call(client, name, { ...args, team_id: stranger.team.id });
      expect(refused.isError, name).toBe(true);
      expect(refused.document.errors[0], name).toEqual(apiError);
    }
    expect(await t.db.gift.count({ where: { teamId: stranger.team.id } })).toBe(0);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("scheduled");

    // A viewer reads but doesn't send: the API's 403 words.
    const watched = await createAccount(t.db);
    await addMember(t.db, watched.team.id, owner.user.id, "viewer");
    expect((await call(client, "list_gifts", { team_id: watched.team.id })).isError).toBeFalsy();
    const asViewer = await call(client, "send_gift", {
      gift: gift(),
      quoted_total: formatMoney(price),
      idempotency_key: "t3",
      team_id: watched.team.id,
    });
    const asViewerApi = await apiAs(owner.tokens.live).post(`/teams/${watched.team.id}/gifts`, giftBody());
    expect(asViewerApi.status).toBe(403);
    expect(asViewer.document.errors[0]).toEqual((asViewerApi.body as { errors: unknown[] }).errors[0]);
    expect(await t.db.gift.count({ where: { teamId: watched.team.id } })).toBe(0);

    // Hostile team ids: huge, not a string, NUL: refused, never a 500.
    for (const bad of ["x".repeat(5000), 42, "", ["a"]]) {
      const refused = await call(client, "get_spend", { team_id: bad });
      expect(refused.document.errors[0]).toMatchObject({ code: "invalid", source: { pointer: "/team_id" } });
    }
    const nul = await call(client, "get_spend", { team_id: "a\u0000b" });
    expect(nul.document.errors[0]).toMatchObject({ status: 404 });

    // A sandbox grant and a live team: the API's 403.
    const sandbox = await connect((await grant(owner.user.id, { mode: "sandbox" })).token);
    const crossing = await call(sandbox, "list_gifts", { team_id: owner.team.id });
    const crossingApi = await apiAs(owner.tokens.sandbox).get(`/teams/${owner.team.id}/gifts`);
    expect(crossing.document.errors[0]).toEqual((crossingApi.body as { errors: unknown[] }).errors[0]);
    expect((await call(sandbox, "get_spend", { team_id: "sandbox" })).isError).toBeFalsy();
  });

  it("a sandbox grant sends with no card and no money", async () => {
    const owner = await createAccount(t.db, { card: null });
    const client = await connect((await grant(owner.user.id, { mode: "sandbox" })).token);
    const quote = await call(client, "quote_gift", { gift: gift() });
    const total = (quote.document.meta as { price: { total: string; charge: string } }).price;
    expect(total.charge).toBe("0.00");
    const sent = await call(client, "send_gift", { gift: gift(), quoted_total: total.total, idempotency_key: "s1" });
    expect(sent.isError).toBeFalsy();
    expect(await t.db.charge.count({ where: { teamId: owner.team.id } })).toBe(0);
  });

  it("refuses a token for the API, and the API refuses a token for the MCP server", async () => {
    const owner = await createAccount(t.db);
    const forApi = await grant(owner.user.id, { resource: `${config.appUrl}/api/v1` });
    await expect(connect(forApi.token)).rejects.toThrow(/401|Unauthorized/);
    await expect(connect(owner.tokens.live)).rejects.toThrow(/401|Unauthorized/);
    const forMcp = await grant(owner.user.id);
    const res = await apiAs(forMcp.token).get("/gifts");
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).toContain("issued for Ribbon's MCP server");
    expect((await apiAs(forApi.token).get("/gifts")).status).toBe(200);
  });

  it("a prompt-injected 'raise my cap' can't: no tool changes caps, and no tool takes them", async () => {
    const owner = await createAccount(t.db);
    const client = await connect((await grant(owner.user.id, { daily: "50.00" })).token);
    const raise = await call(client, "set_caps", { max_per_day: "1000000.00" });
    expect(raise).toMatchObject({ isError: true });
    expect(raise.document.errors[0].detail).toContain('There is no tool named "set_caps"');
    const smuggled = await call(client, "send_gift", {
      gift: gift(),
      quoted_total: "25.00",
      idempotency_key: "inj",
      max_per_day: "1000000.00",
    });
    expect(smuggled.isError).toBe(true);
    expect(smuggled.document.errors[0]).toMatchObject({
      code: "unknown_field",
      source: { pointer: "/max_per_day" },
    });
    const spend = await call(client, "get_spend");
    expect(spend.document.meta.caps).toMatchObject({ daily: "50.00", "per-gift": "200.00" });
  });

  it("hostile input: an oversized or malformed body, a batch past 25, a bad key are refused, nothing sent", async () => {
    const owner = await createAccount(t.db);
    const { token } = await grant(owner.user.id);
    const oversized = await post(token, "x".repeat(300 * 1024));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 }, id: null });
    for (const bad of ["{not json", "", "\u00ff\u00fe"]) {
      const malformed = await post(token, bad);
      expect(malformed.status, bad).toBe(400);
      expect(await malformed.json()).toMatchObject({ error: { code: -32700 } });
    }
    const notUtf8 = await mcpRoute.POST(
      new Request(MCP(), {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
    );
    expect(notUtf8.status).toBe(400);
    const client = await connect(token);
    const recipients = Array.from({ length: 26 }, (_, i) => ({ name: `R${i}`, email: `r${i}@example.com` }));
    const big = await call(client, "send_batch", {
      gift: { collection: "Coffee Lovers", message: "Hi", from: "Alex", recipients_attributes: recipients },
      quoted_total: "1.00",
      idempotency_key: "big",
    });
    expect(big.document.errors[0]).toMatchObject({ code: "too_many_recipients" });
    const badKey = await call(client, "send_gift", {
      gift: gift(),
      quoted_total: "1.00",
      idempotency_key: "k".repeat(300),
    });
    expect(badKey.document.errors[0]).toMatchObject({ source: { pointer: "/idempotency_key" } });
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);
  });

  it("refuses a JSON-RPC batch whole, before any tool runs: one message per request", async () => {
    const owner = await createAccount(t.db, { card: null });
    const { token } = await grant(owner.user.id, { mode: "sandbox" });
    const price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } }))
      .priceCents;
    const send = (i: number) =>
      toolCall(i, "send_gift", { gift: gift(), quoted_total: formatMoney(price), idempotency_key: `b${i}` });
    const initialize = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    for (const batch of [
      [send(1), send(2), send(3)],
      [send(4)],
      [],
      [initialize],
      Array.from({ length: 100 }, (_, i) => toolCall(i, "list_gifts", { limit: 50 })),
      Array.from({ length: 101 }, (_, i) => send(100 + i)),
    ]) {
      const res = await post(token, JSON.stringify(batch));
      expect(res.status, `${batch.length} messages`).toBe(400);
      expect(await res.json()).toEqual({
        jsonrpc: "2.0",
        error: {
          code: -32600,
          message: "Invalid Request: JSON-RPC batches are not supported; send one message per request.",
        },
        id: null,
      });
    }
    const keys = () => t.db.idempotencyKey.count({ where: { ownerKey: { startsWith: owner.user.id } } });
    expect(await keys()).toBe(0);
    expect(await t.db.gift.count({ where: { senderId: owner.user.id } })).toBe(0);
    // The same message alone is answered.
    const one = await post(token, JSON.stringify(send(1)));
    expect(one.status).toBe(200);
    expect((await one.json()).result.isError).toBeFalsy();
    expect(await keys()).toBe(1);
    expect(await t.db.gift.count({ where: { senderId: owner.user.id } })).toBe(1);
  });

  it("answers each document once (one text block) and refuses an answer past MCP_ANSWER_LIMIT", async () => {
    const owner = await createAccount(t.db, { card: null });
    const { token } = await grant(owner.user.id, { mode: "sandbox" });
    const body = (n: number, long: boolean) =>
      bulkBody(
        n,
        long
          ? {
              message: '"'.repeat(2000),
              from: "f".repeat(200),
              subject: "s".repeat(200),
              batch_name: "n".repeat(120),
            }
          : {},
        (i) =>
          long
            ? {
                name: `${i}`.padEnd(200, "r"),
                email: `${i}`.padEnd(64, "e") + "@" + "d".repeat(60) + ".example.com",
                cc_email: `${i}`.padEnd(64, "c") + "@" + "d".repeat(60) + ".example.com",
              }
            : {},
      );
    const bulk = (n: number, long: boolean) => apiAs(owner.tokens.sandbox).post("/bulk/gifts", body(n, long));
    const sizeOf = async (limit: number) => {
      const res = await post(token, JSON.stringify(toolCall(1, "list_gifts", { limit })));
      const raw = await res.text();
      const answer = JSON.parse(raw) as { result: CallToolResult };
      return { raw: raw.length, answer: answer.result };
    };
    expect((await bulk(25, false)).status).toBe(200);
    expect((await bulk(25, false)).status).toBe(200);
    const ordinary = await sizeOf(50);
    expect(ordinary.answer.structuredContent).toBeUndefined();
    expect(ordinary.answer.content).toHaveLength(1);
    const text = (ordinary.answer.content[0] as { text: string }).text;
    expect((JSON.parse(text) as { data: unknown[] }).data).toHaveLength(50);
    // Sent once: the HTTP answer is the document, JSON-escaped once, plus a small envelope.
    expect(ordinary.raw).toBeLessThan(JSON.stringify(text).length + 200);
    console.info(`list_gifts, 50 ordinary gifts: document ${text.length} B, answer ${ordinary.raw} B`);

    // 50 gifts with every text field at its longest (a message of 2,000 quotes, each escaped): past the cap.
    // A write's answer is sent whatever its size: send_batch's 25 such gifts fit under the cap.
    const client = await connect(token);
    const quote = await call(client, "quote_batch", { gift: body(25, true).gift });
    const sent = await call(client, "send_batch", {
      gift: body(25, true).gift,
      quoted_total: quote.document.meta.price.total,
      idempotency_key: "long-batch",
    });
    expect(sent.isError).toBeFalsy();
    const sentBytes = Buffer.byteLength(JSON.stringify(sent.document));
    console.info(`send_batch, 25 gifts with every field at its longest: document ${sentBytes} B`);
    expect(sentBytes).toBeLessThan(MCP_ANSWER_LIMIT);
    expect((await bulk(25, true)).status).toBe(200);
    const longest = await sizeOf(50);
    expect(longest.answer.isError).toBe(true);
    const refusal = JSON.parse((longest.answer.content[0] as { text: string }).text) as {
      errors: { status: number; code: string; detail: string; meta: { bytes: number; limit: number } }[];
    };
    expect(refusal.errors[0]).toMatchObject({
      status: 400,
      code: "answer_too_large",
      meta: { limit: MCP_ANSWER_LIMIT },
    });
    expect(refusal.errors[0].detail).toMatch(
      /^The answer of list_gifts would be \d+ KB, more than the 256 KB .* Ask for fewer/,
    );
    console.info(`list_gifts, 50 gifts with every field at its longest: document ${refusal.errors[0].meta.bytes} B`);
    expect(longest.raw).toBeLessThan(1024);
    // Fewer fit.
    const fewer = await sizeOf(40);
    expect(fewer.answer.isError).toBeFalsy();
    const fewerText = (fewer.answer.content[0] as { text: string }).text;
    expect(Buffer.byteLength(fewerText)).toBeLessThanOrEqual(MCP_ANSWER_LIMIT);
    expect((JSON.parse(fewerText) as { data: unknown[] }).data).toHaveLength(40);
  });

  it("a revoked grant stops the next call", async () => {
    const owner = await createAccount(t.db);
    const { token, client: app } = await grant(owner.user.id);
    const client = await connect(token);
    expect((await call(client, "get_spend")).isError).toBeFalsy();
    await revokeAuthorizedApp(t.db, owner.user.id, app.id);
    await expect(call(client, "get_spend")).rejects.toThrow(/401|Unauthorized/);
  });
});

describe("the stateless revision (2026-07-28), beside the session ones", () => {
  const REVISION = "2026-07-28";
  const meta = {
    "io.modelcontextprotocol/protocolVersion": REVISION,
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  /** A stateless request: its version in _meta and in the header, its method (and tool) named on the HTTP request. */
  const send = (
    token: string,
    method: string,
    params: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    post(token, JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { ...params, _meta: meta } }), {
      "mcp-protocol-version": REVISION,
      "mcp-method": method,
      ...(method === "tools/call" ? { "mcp-name": String(params.name) } : {}),
      ...headers,
    });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  it("answers server/discover, tools/list and tools/call without initialize; the session revisions still work", async () => {
    const owner = await createAccount(t.db);
    const { token } = await grant(owner.user.id, { mode: "sandbox" });
    const discover = await answer(await send(token, "server/discover"));
    expect(discover.status).toBe(200);
    expect(discover.body).toMatchObject({
      jsonrpc: "2.0",
      id: 7,
      result: {
        resultType: "complete",
        capabilities: { tools: {} },
        serverInfo: { name: "ribbon", version: "1.0.0" },
        instructions: expect.stringContaining("quoted_total"),
      },
    });
    expect(discover.body.result.supportedVersions).toEqual(
      expect.arrayContaining([REVISION, "2025-11-25", "2025-06-18"]),
    );

    const listed = await answer(await send(token, "tools/list"));
    const legacy = await (await connect(token)).listTools();
    expect(listed.body.result.resultType).toBe("complete");
    expect(listed.body.result.tools).toEqual(JSON.parse(JSON.stringify(legacy.tools)));

    const called = await answer(await send(token, "tools/call", { name: "list_collections", arguments: {} }));
    expect(called.body.result).toMatchObject({ resultType: "complete", content: [{ type: "text" }] });
    expect(called.body.result.isError).toBeUndefined();
    expect(JSON.parse(called.body.result.content[0].text).data.length).toBeGreaterThan(0);
    // A tool's refusal is the same tool error as on the session revisions: the API's code and words.
    const refused = await answer(await send(token, "tools/call", { name: "get_gift", arguments: { id: "gft_none" } }));
    expect(refused.body.result).toMatchObject({ resultType: "complete", isError: true });
    expect(JSON.parse(refused.body.result.content[0].text).errors[0].code).toBe("not_found");
  });

  it("refuses what the revision refuses, each with its JSON-RPC code and a 400, running nothing", async () => {
    const owner = await createAccount(t.db);
    const { token } = await grant(owner.user.id, { mode: "sandbox" });
    const list = { name: "list_gifts", arguments: {} };
    const cases: [Response, number][] = [
      [await send(token, "tools/list", {}, { "mcp-method": "tools/call" }), -32020], // the header contradicts the body
      [await send(token, "tools/call", list, { "mcp-name": "send_gift" }), -32020],
      [
        await post(token, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: meta } }), {
          "mcp-protocol-version": REVISION,
        }),
        -32020,
      ], // no Mcp-Method
      [await send(token, "tools/list", {}, { "mcp-protocol-version": "2025-11-25" }), -32020],
      [
        await post(token, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: {} }), {
          "mcp-protocol-version": REVISION,
          "mcp-method": "tools/list",
        }),
        -32602,
      ], // the header says stateless, the body carries no version
      [
        await post(
          token,
          JSON.stringify({
            jsonrpc: "2.0",
            id: 7,
            method: "tools/list",
            params: { _meta: { ...meta, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
          }),
          {
            "mcp-method": "tools/list",
          },
        ),
        -32022,
      ],
      [await send(token, "ping"), -32601], // gone in this revision
      [await send(token, "tools/call", { name: "list_gifts", arguments: "all" }), -32602],
    ];
    for (const [res, code] of cases) {
      const { status, body } = await answer(res);
      expect(status).toBe(400);
      expect(body).toMatchObject({ jsonrpc: "2.0", error: { code } });
    }
    const unsupported = await answer(
      await post(
        token,
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          params: { _meta: { "io.modelcontextprotocol/protocolVersion": "x".repeat(10_000) } },
        }),
        { "mcp-method": "tools/list" },
      ),
    );
    expect(unsupported.body.error.data.supported).toContain(REVISION);
    expect(unsupported.body.error.data.requested).toHaveLength(50);
    // Without a token: the same 401 and challenge as every revision, before the body is read.
    const anonymous = await mcpRoute.POST(
      new Request(MCP(), {
        method: "POST",
        headers: { "mcp-protocol-version": REVISION, "mcp-method": "tools/list" },
        body: "{}",
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/resource_metadata=/);
  });
});
