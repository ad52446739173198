import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
import { config } from "@/lib/config";
import { formatMoney } from "@/lib/money";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { bulkBody, giftBody, openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import { mcpKit } from "./mcp-kit";

// Approvals from the agent (docs/agents.md, "Approvals"): a send above the team's approval
// threshold asks the person in the host to open Ribbon (URL-mode elicitation: -32042 on the
// session revisions, MRTR's input_required on 2026-07-28), an owner decides there, and the
// retried call says what was decided. Hosts that can't be asked get the pending gifts.
const t = openDatabaseForFile();
const { grant, connect, call, post, toolCall } = mcpKit(t);
let price: number;

beforeAll(async () => {
  price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } })).priceCents;
});

/** A team whose gifts need approval, an owner who approves, and a member whose agent sends. */
async function team() {
  const owner = await createAccount(t.db);
  const member = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, {
    budget: { approval_above_price: formatMoney(price - 1) },
  });
  expect(set.status).toBe(200);
  const { token } = await grant(member.user.id);
  const decide = (id: string, action: "approve" | "reject") =>
    apiAs(owner.tokens.live).post(`/teams/${owner.team.id}/gifts/${id}/${action}`, {});
  return { owner, member, token, decide, teamId: owner.team.id };
}

const send = (key: string) => ({
  gift: giftBody().gift,
  quoted_total: formatMoney(price),
  idempotency_key: key,
});

const gifts = (teamId: string) => t.db.gift.findMany({ where: { teamId }, select: { id: true, stage: true } });
const charged = async (teamId: string) =>
  (await t.db.charge.aggregate({ where: { teamId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0;

/** The -32042 a session-revision host gets, or a failure naming what came instead. */
async function asked(promise: Promise<unknown>): Promise<UrlElicitationRequiredError> {
  const error = await promise.then(
    (result) => {
      throw new Error(`answered: ${JSON.stringify(result).slice(0, 300)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlElicitationRequiredError);
  return error as UrlElicitationRequiredError;
}

describe("a send that needs an owner's approval, from an agent", () => {
  it("asks a host that can open a URL; the owner approves in Ribbon; the retried call says approved, sent and charged once", async () => {
    const { token, decide, teamId } = await team();
    const client = await connect(token, { elicitation: { url: {} } });

    const first = await asked(client.callTool({ name: "send_gift", arguments: send("approve-1") }));
    expect(first.code).toBe(ErrorCode.UrlElicitationRequired);
    const [ask] = first.elicitations;
    const [waiting] = await gifts(teamId);
    expect(waiting.stage).toBe("pending_approval");
    expect(ask).toMatchObject({ mode: "url", elicitationId: `approval-${waiting.id}` });
    // Where an owner approves it, on APP_URL; nothing in it lets anyone in.
    expect(ask.url).toBe(`${config.appUrl}/dashboard/${encodeURIComponent(teamId)}/gifts/${waiting.id}`);
    expect(ask.message).toMatch(/waits for an owner .* nothing is charged until then/);
    expect(await charged(teamId)).toBe(0);

    // Retried before anyone decided: asked again, and still one gift.
    const again = await asked(client.callTool({ name: "send_gift", arguments: send("approve-1") }));
    expect(again.elicitations[0].elicitationId).toBe(ask.elicitationId);
    expect(await gifts(teamId)).toHaveLength(1);

    expect((await decide(waiting.id, "approve")).status).toBe(200);
    // Two retries at once after the decision: the same answer, one gift, one charge.
    const [done, twin] = await Promise.all([
      call(client, "send_gift", send("approve-1")),
      call(client, "send_gift", send("approve-1")),
    ]);
    for (const answer of [done, twin]) {
      expect(answer.isError).toBeUndefined();
      expect(answer.document.data).toMatchObject({ id: waiting.id, attributes: { stage: "scheduled" } });
      expect(answer.document.meta.approval).toMatchObject({
        state: "decided",
        url: ask.url,
        gifts: [{ id: waiting.id, state: "approved", note: expect.stringContaining("Approved by") }],
      });
    }
    expect(await gifts(teamId)).toHaveLength(1);
    expect(await charged(teamId)).toBe(price);

    const followed = await call(client, "get_gift", { id: waiting.id });
    expect(followed.document.meta.approval).toMatchObject({ state: "approved", "decided-at": expect.any(String) });
  });

  it("a batch asks once, pointing at its gifts on the dashboard; each gift's decision is in the answer", async () => {
    const { token, decide, teamId } = await team();
    const client = await connect(token, { elicitation: { url: {} } });
    const batch = {
      gift: bulkBody(2).gift,
      quoted_total: formatMoney(price * 2),
      idempotency_key: "batch-1",
    };
    const ask = await asked(client.callTool({ name: "send_batch", arguments: batch }));
    const made = await gifts(teamId);
    expect(made).toHaveLength(2);
    const url = new URL(ask.elicitations[0].url);
    expect(url.origin + url.pathname).toBe(`${config.appUrl}/dashboard/${encodeURIComponent(teamId)}`);
    expect(url.searchParams.get("stage")).toBe("pending_approval");
    expect(ask.elicitations[0].message).toMatch(/^These 2 gifts wait/);

    expect((await decide(made[0].id, "approve")).status).toBe(200);
    expect((await decide(made[1].id, "reject")).status).toBe(200);
    const done = await call(client, "send_batch", batch);
    expect(done.document.meta.approval.state).toBe("decided");
    expect(
      Object.fromEntries(done.document.meta.approval.gifts.map((g: { id: string; state: string }) => [g.id, g.state])),
    ).toEqual({
      [made[0].id]: "approved",
      [made[1].id]: "rejected",
    });
    expect(await charged(teamId)).toBe(price);
  });

  it("a host that can't be asked gets the pending gift and where it waits; get_gift shows the rejection", async () => {
    const { token, decide, teamId } = await team();
    const client = await connect(token, { elicitation: { form: {} } }); // forms only: no URL
    const sent = await call(client, "send_gift", send("plain-1"));
    expect(sent.isError).toBeUndefined();
    const id = sent.document.data.id as string;
    expect(sent.document.data.attributes.stage).toBe("pending_approval");
    expect(sent.document.meta.approval).toMatchObject({
      state: "pending",
      url: expect.stringContaining(`/gifts/${id}`),
      gifts: [{ id, state: "pending", "decided-at": null }],
    });

    expect((await decide(id, "reject")).status).toBe(200);
    const followed = await call(client, "get_gift", { id });
    expect(followed.document.meta.approval).toMatchObject({
      state: "rejected",
      note: expect.stringContaining("Rejected by"),
    });
    expect(await charged(teamId)).toBe(0);
  });

  it("remembers what the host declared at its last initialize, per token", async () => {
    const { token } = await team();
    await connect(token, { elicitation: { url: {} } });
    const plain = await connect(token); // the host reconnected without URL elicitation
    const sent = await call(plain, "send_gift", send("reconnected-1"));
    expect(sent.document.meta.approval.state).toBe("pending");
  });

  it("a gift under the threshold is sent at once, with no approval in the answer", async () => {
    const { token } = await team();
    const client = await connect(token, { elicitation: { url: {} } });
    const cheap = await t.db.collection.findFirstOrThrow({
      where: { global: true, priceCents: { lt: price } },
      orderBy: { priceCents: "asc" },
    });
    const sent = await call(client, "send_gift", {
      gift: giftBody({ collection: cheap.name }).gift,
      quoted_total: formatMoney(cheap.priceCents),
      idempotency_key: "cheap-1",
    });
    expect(sent.document.data.attributes.stage).toBe("scheduled");
    expect(sent.document.meta).toBeUndefined();
  });
});

describe("approvals on the stateless revision (2026-07-28): MRTR", () => {
  const REVISION = "2026-07-28";
  const stateless = (token: string, key: string, capabilities: unknown, extra: Record<string, unknown> = {}) =>
    post(
      token,
      JSON.stringify({
        ...toolCall(9, "send_gift", send(key)),
        params: {
          name: "send_gift",
          arguments: send(key),
          _meta: {
            "io.modelcontextprotocol/protocolVersion": REVISION,
            "io.modelcontextprotocol/clientCapabilities": capabilities,
          },
          ...extra,
        },
      }),
      { "mcp-protocol-version": REVISION, "mcp-method": "tools/call", "mcp-name": "send_gift" },
    ).then(async (res) => ({ status: res.status, body: await res.json() }));
  const URL_MODE = { elicitation: { url: {} } };

  it("answers input_required with one URL elicitation; the retry's answer follows the person's", async () => {
    const { token, decide, teamId } = await team();
    const first = await stateless(token, "mrtr-1", URL_MODE);
    expect(first.status).toBe(200);
    const [waiting] = await gifts(teamId);
    expect(first.body.result).toEqual({
      resultType: "input_required",
      inputRequests: {
        approval: {
          method: "elicitation/create",
          params: {
            mode: "url",
            elicitationId: `approval-${waiting.id}`,
            url: expect.stringContaining(`/gifts/${waiting.id}`),
            message: expect.stringContaining("approve"),
          },
        },
      },
    });

    // They opened Ribbon, nobody decided yet: asked again, "still waiting".
    const accepted = { inputResponses: { approval: { action: "accept" } } };
    const still = await stateless(token, "mrtr-1", URL_MODE, accepted);
    expect(still.body.result.resultType).toBe("input_required");
    expect(still.body.result.inputRequests.approval.params.message).toMatch(/^Still waiting\./);

    // They declined to open it: the pending gift, where it waits.
    const declined = await stateless(token, "mrtr-1", URL_MODE, {
      inputResponses: { approval: { action: "decline" } },
    });
    expect(declined.body.result).toMatchObject({ resultType: "complete" });
    const document = JSON.parse(declined.body.result.content[0].text);
    expect(document.meta.approval).toMatchObject({ state: "pending", gifts: [{ id: waiting.id, state: "pending" }] });

    expect((await decide(waiting.id, "approve")).status).toBe(200);
    const done = await stateless(token, "mrtr-1", URL_MODE, accepted);
    expect(done.body.result.resultType).toBe("complete");
    expect(JSON.parse(done.body.result.content[0].text).meta.approval.gifts[0].state).toBe("approved");
    expect(await gifts(teamId)).toHaveLength(1);
    expect(await charged(teamId)).toBe(price);
  });

  it("asks only a request that declares URL elicitation itself, and reads forged answers as none", async () => {
    const { token, teamId } = await team();
    // Declared at a session revision's initialize: a stateless request never inherits it.
    await connect(token, { elicitation: { url: {} } });
    const undeclared = await stateless(token, "mrtr-2", {});
    expect(undeclared.body.result.resultType).toBe("complete");
    for (const capabilities of [
      { elicitation: {} },
      { elicitation: { url: true } },
      { elicitation: "url" },
      null,
      "x",
    ]) {
      const answer = await stateless(token, "mrtr-2", capabilities);
      expect(answer.body.result?.resultType ?? answer.body.error?.code, JSON.stringify(capabilities)).toBe("complete");
    }
    // Answers that aren't an elicitation's (a string, an array, an unknown action, a huge one): asked again.
    for (const inputResponses of [
      "accept",
      [{ action: "decline" }],
      { approval: "decline" },
      { approval: { action: "declined" } },
      { approval: { action: "x".repeat(100_000) } },
      { other: { action: "decline" } },
    ]) {
      const answer = await stateless(token, "mrtr-2", URL_MODE, { inputResponses });
      expect(answer.body.result.resultType, JSON.stringify(inputResponses).slice(0, 80)).toBe("input_required");
    }
    expect(await gifts(teamId)).toHaveLength(1);
    expect(await charged(teamId)).toBe(0);
  });
});
