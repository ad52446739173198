import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  API_BODY_LIMIT,
  BULK_BODY_LIMIT,
  bodyLimitFor,
  FORM_FIELDS_LIMIT,
  PAGE_BODY_LIMIT,
} from "@/lib/http/body-limits.mjs";
import { MAX_PAGE_SIZE } from "@/lib/api/pagination";
import { MAX_SUPPRESSIONS_PER_REQUEST } from "@/lib/delivery/suppressions";
import { MCP_BODY_LIMIT } from "@/lib/mcp/server";
import { MCP_MAX_BATCH } from "@/lib/mcp/tools";
import { waitFor } from "@/lib/testing/wait-for";
import { actionArity, inlineActions, inventory, type Entry } from "./inventory";
import { formBody, formFields } from "./forms";
import type { Context, StallCase } from "./stall";

// The worst case of every entry of the inventory (tests/server/inventory.ts): the stall test runs
// each with a second client polling, and fails on an entry no case covers. Most entries get the
// generic worst input of their kind at its documented maximum (the largest and deepest body their
// path's limit admits, the largest page, the most fields a form may post); the work that grows with
// what it is given gets a case of its own at its documented maximum (10,000 gifts, 10,000
// suppressions, 250 gifts in a bulk action, an erasure over 10,000 gifts, 25 gifts per tool call).

const ROOT = path.resolve(import.meta.dirname, "../..");
const MB = 1024 * 1024;
/** lib/dashboard/upload.ts MAX_UPLOAD_BYTES: the upload form's documented maximum. */
const MAX_UPLOAD_BYTES = 5 * MB;
/** lib/gifts/schema.ts MAX_BULK_RECIPIENTS. */
const MAX_BULK = 10_000;
/** lib/simulation/test-clock.ts MAX_BATCH_ADVANCE. */
const MAX_BATCH_ADVANCE = 25;
/** lib/gifts/schema.ts: the most reminders a gift may have. */
const MAX_REMINDERS = 16;
/** The largest selection a dashboard bulk action takes (lib/dashboard/bulk.ts). */
const MAX_BULK_ACTION = 250;

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

/** Deepest JSON a body limit allows: `{"gift":[[[…]]]}` of `bytes`. */
const deepJson = (bytes: number) => {
  const depth = Math.floor((bytes - 12) / 2);
  return `{"gift":${"[".repeat(depth)}${"]".repeat(depth)}}`;
};

/** A path of the inventory with its dynamic segments filled from the prepared context. */
function fill(route: string, ctx: Context): string {
  return route
    .replace("[team_id]", "sandbox")
    .replace(/\/gifts\/\[id\]/, `/gifts/${ctx.batchGift}`)
    .replace(/\/batches\/\[id\]/, `/batches/${ctx.batchId}`)
    .replace(/\/webhook-endpoints\/\[id\]/, `/webhook-endpoints/${ctx.endpointId}`)
    .replace("[erasure_id]", ctx.erasureId)
    .replace("[email]", encodeURIComponent("stall-suppressed@example.com"))
    .replace("[gift_id]", ctx.batchGift)
    .replace("[batch_id]", ctx.batchId)
    .replace("/untie/[token]", ctx.untiePath)
    .replace("[[...path]]", "api/mcp")
    .replace("[...nextauth]", "session")
    .replace("[...path]", "no-such-thing")
    .replace(/\[[^\]]+\]/g, "x".repeat(512)); // a forged secret of the longest kind the guard lets through
}

const sitePath = (route: string, ctx: Context) =>
  fill(route, ctx)
    .replace(/^\/dashboard\/sandbox/, `/dashboard/${ctx.team}`)
    .replace(/^\/teams\/sandbox/, `/teams/${ctx.team}`);

/** What only a live team has (the sandbox team refuses erasures and privacy settings): asked as its owner. */
const LIVE_ONLY = /\/(erasures|privacy)\b/;

/** A route's generic worst case: the largest page for a read, the deepest body its limit admits for a write. */
function routeCase(entry: Entry): StallCase {
  const [, method, route] = entry.id.split(" ");
  const isApi = route.startsWith("/api/v1");
  const live = LIVE_ONLY.test(route);
  // The site's routes (the dashboard's export and template) on the owner's team, signed in.
  const fillFor = (ctx: Context) =>
    !isApi && !route.startsWith("/api/")
      ? sitePath(route, ctx)
      : live
        ? fill(route, ctx).replace("/teams/sandbox/", `/teams/${ctx.team}/`)
        : fill(route, ctx);
  const token = (ctx: Context) => (live ? ctx.token : ctx.sandboxToken);
  if (method === "GET")
    return {
      covers: [entry.id],
      endpoint: `${method} ${route}`,
      input: `page[size]=${MAX_PAGE_SIZE}`,
      request: (ctx) => ({
        method,
        path: `${fillFor(ctx)}?page%5Bsize%5D=${MAX_PAGE_SIZE}`,
        headers: isApi ? bearer(token(ctx)) : { cookie: ctx.cookie },
      }),
    };
  return {
    covers: [entry.id],
    endpoint: `${method} ${route}`,
    input: "deepest JSON at the path's body limit",
    request: (ctx) => {
      const target = fillFor(ctx);
      const limit = target === "/api/mcp" ? MCP_BODY_LIMIT : bodyLimitFor(target).limitBytes;
      return {
        method,
        path: target,
        headers: route.startsWith("/api/mcp") ? bearer(ctx.mcpToken) : isApi ? bearer(token(ctx)) : {},
        body: deepJson(limit - 1024),
      };
    },
  };
}

/** A page's generic worst case: its largest page of rows, signed in. */
function pageCase(entry: Entry): StallCase {
  const route = entry.id.split(" ")[2];
  return {
    covers: [entry.id],
    ...(route === "/dev/error" ? { acceptStatus: [500] } : {}), // the page that fails on purpose
    endpoint: `GET ${route}`,
    input: "signed in, the largest page of rows",
    acceptRedirect: true,
    request: (ctx) => ({
      method: "GET",
      path: `${sitePath(route, ctx)}?mode=sandbox&size=${MAX_PAGE_SIZE}`,
      headers: { cookie: ctx.cookie },
    }),
  };
}

type Manifest = { node: Record<string, { filename?: string; exportedName?: string }> };

/** Each server action's id in the production build, by `file#export` as the inventory names it. */
function actionIds(): Map<string, string> {
  const file = path.join(ROOT, ".next/server/server-reference-manifest.json");
  const ids = new Map<string, string>();
  if (!existsSync(file)) return ids;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  for (const [id, action] of Object.entries(manifest.node)) {
    if (!action.filename || !action.exportedName) continue;
    // An action written inside a page is built as $$RSC_SERVER_ACTION_<n>, n in source order.
    const inline = /^\$\$RSC_SERVER_ACTION_(\d+)$/.exec(action.exportedName);
    const name = inline
      ? (inlineActions(action.filename)[Number(inline[1])] ?? action.exportedName)
      : action.exportedName;
    ids.set(`${action.filename}#${name}`, id);
  }
  return ids;
}

/** Every server action of the production build, named as the inventory names them. */
export const builtActions = () => [...actionIds().keys()].map((name) => `action ${name}`);

/** The page an action's file belongs to: its folder's URL. */
const actionPage = (file: string) =>
  `/${file
    .replace(/^app\//, "")
    .split("/")
    .slice(0, -1)
    .filter((p) => !/^\(.*\)$/.test(p))
    .join("/")}`;

/**
 * The most fields a page's form may post, as React's client posts an action (its id in the
 * `Next-Action` header, its arguments in the body as encodeReply writes them: the root under `0`,
 * the form's fields under `1_`): the most fields a form may send (FORM_FIELDS_LIMIT, the guard
 * refuses more), together just under the page limit. An action of two arguments gets an undefined
 * previous state first.
 */
const FORM_FIELDS = FORM_FIELDS_LIMIT - 10;
function manyFields(arity: number): FormData {
  const body = new FormData();
  body.append("0", JSON.stringify(arity >= 2 ? ["$undefined", "$K1"] : arity === 1 ? ["$K1"] : []));
  const value = "x".repeat(Math.max(1, Math.floor(PAGE_BODY_LIMIT / FORM_FIELDS) - 200));
  for (let i = 0; i < FORM_FIELDS; i++) body.append(`1_f${i}`, value);
  return body;
}

/**
 * An action written inside a page is a closure: its captured values travel sealed in the page's
 * form. Its worst case replays that form as a browser without JavaScript posts it (read from the
 * page, as the person it is shown to), with as many more fields as a form may send.
 */
const INLINE_PAGES: Record<string, (ctx: Context, action: string) => Promise<{ path: string; cookie: string }>> = {
  "app/(site)/oauth2/authorize/page.tsx": async (ctx) => ({ path: ctx.authorizePath, cookie: ctx.cookie }),
  "app/(site)/invitations/[token]/page.tsx": async (ctx, action) => ({
    path: ctx.invitationPath,
    // The invitee accepts; anyone else signed in is offered to switch accounts (a session of its own: it ends).
    cookie: action === "accept" ? ctx.inviteeCookie : await ctx.newSession(),
  }),
  "app/(site)/account/page.tsx": async (ctx) => ({ path: "/account", cookie: await ctx.newSession() }),
};

function inlineActionCase(entry: Entry, ids: Map<string, string>): StallCase {
  const file = entry.id.slice("action ".length);
  const [source, name] = file.split("#");
  return {
    covers: [entry.id],
    endpoint: `action ${name} (${source.replace(/^app\//, "")})`,
    input: `its page's form, filled up to ${FORM_FIELDS.toLocaleString("en")} fields`,
    acceptRedirect: true,
    request: async (ctx) => {
      const id = ids.get(file);
      if (!id) throw new Error(`${entry.id}: no id in .next/server/server-reference-manifest.json (run next build)`);
      const page = INLINE_PAGES[source];
      if (!page) throw new Error(`${entry.id}: an action inside a page needs its page in INLINE_PAGES`);
      const { path: at, cookie } = await page(ctx, name);
      const html = await (await fetch(`${ctx.server.url}${at}`, { headers: { cookie } })).text();
      const fields = formFields(html, (f) => f.includes(id));
      if (!fields) throw new Error(`${entry.id}: no form for it on ${at}:\n${html.slice(0, 1500)}`);
      const value = "x".repeat(Math.floor(PAGE_BODY_LIMIT / FORM_FIELDS) - 200);
      const junk: [string, string][] = Array.from({ length: FORM_FIELDS - fields.length }, (_, i) => [`f${i}`, value]);
      return {
        method: "POST",
        path: at,
        headers: { cookie, origin: ctx.server.url },
        body: formBody([...fields, ...junk]),
      };
    },
  };
}

/** Actions that end the session they are posted with: each gets a session of its own. */
const ENDS_THE_SESSION = /#(logOut|signOutAction|switchAccount)$/;

/** An action's generic worst case: the most fields its page may post, signed in, with its real id. */
function actionCase(entry: Entry, ids: Map<string, string>): StallCase {
  const file = entry.id.slice("action ".length);
  return {
    covers: [entry.id],
    endpoint: `action ${file.split("#")[1]}`,
    input: `${FORM_FIELDS.toLocaleString("en")} form fields of ~1 KB, just under the page's body limit`,
    acceptRedirect: true,
    request: async (ctx) => {
      const id = ids.get(file);
      if (!id) throw new Error(`${entry.id}: no id in .next/server/server-reference-manifest.json (run next build)`);
      const [source, name] = file.split("#");
      const cookie = ENDS_THE_SESSION.test(file) ? await ctx.newSession() : ctx.cookie;
      return {
        method: "POST",
        path: sitePath(actionPage(source), ctx),
        headers: { cookie, origin: ctx.server.url, "next-action": id },
        body: manyFields(actionArity(source, name)),
      };
    },
  };
}

/** The upload template's header (lib/dashboard/upload.ts): every short row below it is read as a gift. */
const TEMPLATE_HEADER =
  "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method,locale,reminders,time_zone";

function upload(input: string, csv: () => string): StallCase {
  return {
    covers: ["action app/(site)/dashboard/[team_id]/upload/actions.ts#uploadFormAction"],
    endpoint: "POST /dashboard/:team/upload (preview)",
    input,
    request(ctx) {
      return {
        method: "POST",
        path: `/dashboard/${ctx.team}/upload?mode=sandbox`,
        headers: { cookie: ctx.cookie },
        body: formBody(ctx.uploadFields, [
          ["intent", "preview"],
          ["file", new Blob([csv()], { type: "text/csv" }), "gifts.csv"],
        ]),
      };
    },
    // The page shown again with the preview's verdict: the action ran (the form's fields were right).
    check: (status, body) =>
      /data-testid="upload-(errors|preview)"/.test(body) ? null : `no preview nor errors on the page (${status})`,
  };
}

/** 10,000 valid recipients, each padded so the body is just under the bulk limit; `email` names each one's address. */
export function fullBulkBody(email: (i: number) => string, each: Record<string, unknown> = {}): string {
  const shell = (recipients: unknown[]) =>
    JSON.stringify({
      gift: {
        collection: "Coffee Lovers",
        message: "Thank you!",
        from: "Stall test",
        batch_name: "3 MB",
        recipients_attributes: recipients,
      },
    });
  const base = Array.from({ length: MAX_BULK }, (_, i) => ({ name: `R${i}`, email: email(i), ...each, from: "" }));
  const spare = BULK_BODY_LIMIT - 1024 - Buffer.byteLength(shell(base));
  const pad = "x".repeat(Math.max(0, Math.min(200, Math.floor(spare / MAX_BULK))));
  return shell(base.map((r) => ({ ...r, from: pad })));
}

const search = (input: string, q: string): StallCase => ({
  covers: ["page GET /dashboard/[team_id]"],
  endpoint: "GET /dashboard/:team?q= (search)",
  input,
  request: (ctx) => ({
    method: "GET",
    path: `/dashboard/${ctx.team}?mode=sandbox&q=${encodeURIComponent(q)}`,
    headers: { cookie: ctx.cookie },
  }),
});

/** One JSON-RPC message to the MCP server. */
const rpc = (id: number, method: string, params: unknown) => ({ jsonrpc: "2.0", id, method, params });
const mcpHeaders = (ctx: Context) => ({
  ...bearer(ctx.mcpToken),
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
});
const toolCall = (name: string, args: unknown): StallCase => ({
  covers: [`tool ${name}`, "route POST /api/mcp"],
  endpoint: `POST /api/mcp tools/call ${name}`,
  input: JSON.stringify(args).slice(0, 80),
  request: (ctx) => ({
    method: "POST",
    path: "/api/mcp",
    headers: mcpHeaders(ctx),
    body: JSON.stringify(rpc(1, "tools/call", { name, arguments: args })),
  }),
});

const agentGift = (i: number) => ({
  name: `Agent ${i}`,
  delivery_method: "link",
  collection: "Coffee Lovers",
  message: "Thank you! ".repeat(40),
  from: "Stall test",
});

/**
 * The jobs a request leaves work to, at work: the sweeper (every 500 ms in the stall server) runs
 * them over what the cases before left, while the poller goes on for `ms`. The request itself is
 * the health endpoint: only the jobs' work is measured.
 */
function jobsAtWork(jobs: string[], over: string, ms: number): StallCase {
  return {
    covers: jobs,
    endpoint: jobs.length === 1 ? jobs[0] : `${jobs[0]} and ${jobs.length - 1} more jobs`,
    input: `the sweeper over ${over}, polled for ${ms / 1000} s`,
    settleMs: ms,
    request: () => ({ method: "GET", path: "/api/health" }),
  };
}

/** The largest batch an agent may send: MCP_MAX_BATCH recipients with the longest message. */
const agentBatch = () => ({
  collection: "Coffee Lovers",
  message: "Thank you! ".repeat(40),
  from: "Stall test",
  recipients_attributes: Array.from({ length: MCP_MAX_BATCH }, (_, i) => ({
    name: `Agent ${i}`,
    delivery_method: "link",
  })),
});

/** A send as an agent makes it: quoted first (not measured), then sent with the quote's total. */
function sendCall(name: string, quoteTool: string, gift: () => unknown): StallCase {
  return {
    ...toolCall(name, {}),
    input:
      name === "send_batch" ? `${MCP_MAX_BATCH} link gifts with the quoted total` : "one gift with the quoted total",
    request: async (ctx) => {
      const quote = await fetch(`${ctx.server.url}/api/mcp`, {
        method: "POST",
        headers: mcpHeaders(ctx),
        body: JSON.stringify(rpc(1, "tools/call", { name: quoteTool, arguments: { gift: gift() } })),
      });
      const text = await quote.text();
      const answer = JSON.parse(text) as { result?: { content?: { text: string }[] } };
      const document = JSON.parse(answer.result?.content?.[0]?.text ?? "{}") as {
        meta?: { price?: { total?: string } };
      };
      const total = document.meta?.price?.total;
      if (!total) throw new Error(`${quoteTool} gave no total: ${quote.status} ${text.slice(0, 500)}`);
      return {
        method: "POST",
        path: "/api/mcp",
        headers: mcpHeaders(ctx),
        body: JSON.stringify(
          rpc(2, "tools/call", {
            name,
            arguments: { gift: gift(), quoted_total: total, idempotency_key: `stall-${name}-${Date.now()}` },
          }),
        ),
      };
    },
  };
}

/** The work that grows with what it is given, each at its documented maximum. */
const SPECIFIC: StallCase[] = [
  {
    // A dynamic client registration at its documented maximum: 10 redirect URIs of 2 KB, the longest name.
    covers: ["route POST /oauth2/register"],
    endpoint: "POST /oauth2/register",
    input: "10 redirect URIs of 2 KB and a 100-character name",
    request: () => ({
      method: "POST",
      path: "/oauth2/register",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "x".repeat(100),
        redirect_uris: Array.from({ length: 10 }, (_, i) => `https://agent.example/${i}/${"x".repeat(2000)}`),
        token_endpoint_auth_method: "none",
      }),
    }),
    check: (status) => (status === 201 ? null : `answered ${status}, not 201`),
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/bulk/gifts"],
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: `${MAX_BULK.toLocaleString("en")} invalid recipients {"name":""}`,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: JSON.stringify({
        gift: {
          collection: "Coffee Lovers",
          message: "Hi",
          from: "Stall test",
          recipients_attributes: Array.from({ length: MAX_BULK }, () => ({ name: "" })),
        },
      }),
    }),
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/bulk/gifts"],
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: "deepest JSON: 3 MB of nested arrays",
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: deepJson(BULK_BODY_LIMIT - 1024),
    }),
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/gifts"],
    endpoint: "POST /api/v1/teams/sandbox/gifts",
    input: "deepest JSON: 1 MB of nested arrays",
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/gifts",
      headers: bearer(ctx.sandboxToken),
      body: deepJson(API_BODY_LIMIT - 1024),
    }),
  },
  upload("header + 100,000 empty lines", () => `${TEMPLATE_HEADER}\n${"\n".repeat(100_000)}`),
  upload("5 MB of empty lines", () => "\n".repeat(MAX_UPLOAD_BYTES)),
  upload("a 4.9 MB header cell", () => `${"h".repeat(Math.floor(4.9 * MB))}\nx\n`),
  upload("header + 10,000 short rows", () => `${TEMPLATE_HEADER}\n${"a,b\n".repeat(MAX_BULK)}`),
  {
    covers: ["route GET /dashboard/[team_id]/export.csv"],
    endpoint: "GET /dashboard/:team/export.csv",
    input: "every day from 2000-01-01 to 2999-12-31 (10,000+ gifts)",
    request: (ctx) => ({
      method: "GET",
      path: `/dashboard/${ctx.team}/export.csv?mode=sandbox&from=2000-01-01&to=2999-12-31`,
      headers: { cookie: ctx.cookie },
    }),
  },
  search("%_%_%", "%_%_%"),
  search("100 × %_ (the longest search)", "%_".repeat(50)),
  search("regex-like (a+)+$ … (100 chars)", "(a+)+$|.*\\".padEnd(100, "a*")),
  {
    // The docs search reads at most 100 characters of 8 words, whatever the URL carries (up to the guard's 16 KB of headers).
    covers: ["page GET /docs/search"],
    endpoint: "GET /docs/search?q=",
    input: "a 15 KB query of one-letter words matching nearly everything",
    request: () => ({ method: "GET", path: `/docs/search?q=${"e+".repeat(7_500)}` }),
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/suppressions"],
    endpoint: "POST /api/v1/teams/sandbox/suppressions",
    input: `${MAX_SUPPRESSIONS_PER_REQUEST.toLocaleString("en")} addresses as JSON`,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/suppressions",
      headers: bearer(ctx.sandboxToken),
      body: JSON.stringify({
        suppressions: Array.from({ length: MAX_SUPPRESSIONS_PER_REQUEST }, (_, i) => ({
          email: `suppressed-json-${i}@example.com`,
        })),
      }),
    }),
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/suppressions"],
    endpoint: "POST /api/v1/teams/sandbox/suppressions",
    input: `${MAX_SUPPRESSIONS_PER_REQUEST.toLocaleString("en")} addresses as CSV`,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/suppressions",
      headers: { authorization: `Bearer ${ctx.sandboxToken}`, "content-type": "text/csv" },
      body: `email\n${Array.from({ length: MAX_SUPPRESSIONS_PER_REQUEST }, (_, i) => `suppressed-csv-${i}@example.com`).join("\n")}\n`,
    }),
  },
  {
    covers: ["action app/(site)/dashboard/[team_id]/suppressions/actions.ts#importSuppressionsAction"],
    endpoint: "POST /dashboard/:team/suppressions (import)",
    input: `${MAX_SUPPRESSIONS_PER_REQUEST.toLocaleString("en")} addresses in a CSV file`,
    acceptRedirect: true,
    request: async (ctx) => {
      const page = await (
        await fetch(`${ctx.server.url}/dashboard/${ctx.team}/suppressions?mode=sandbox`, {
          headers: { cookie: ctx.cookie },
        })
      ).text();
      const fields = formFields(page, (f) => f.includes('type="file"'));
      if (!fields) throw new Error(`No import form on the suppressions page:\n${page.slice(0, 1500)}`);
      const csv = `email\n${Array.from({ length: MAX_SUPPRESSIONS_PER_REQUEST }, (_, i) => `suppressed-form-${i}@example.com`).join("\n")}\n`;
      const fileField = /<input[^>]*type="file"[^>]*name="([^"]*)"|<input[^>]*name="([^"]*)"[^>]*type="file"/.exec(
        page,
      );
      return {
        method: "POST",
        path: `/dashboard/${ctx.team}/suppressions?mode=sandbox`,
        headers: { cookie: ctx.cookie },
        body: formBody(fields, [
          [fileField?.[1] ?? fileField?.[2] ?? "file", new Blob([csv], { type: "text/csv" }), "s.csv"],
        ]),
      };
    },
  },
  {
    covers: ["action app/(site)/dashboard/[team_id]/actions.ts#bulkGiftsAction"],
    endpoint: "POST /dashboard/:team/selection (bulk cancel)",
    input: `cancel ${MAX_BULK_ACTION} gifts of one batch`,
    acceptRedirect: true,
    // A gift per transaction (lib/gifts/bulk-actions.ts): the others are served between two gifts,
    // and the person who asked waits for all of them (~50 ms a gift on PGlite).
    answerBudgetMs: 30_000,
    request: async (ctx) => {
      const query = `mode=sandbox&batch=${ctx.cancelBatchId}&scope=view&action=cancel`;
      const page = await (
        await fetch(`${ctx.server.url}/dashboard/${ctx.team}/selection?${query}`, { headers: { cookie: ctx.cookie } })
      ).text();
      const fields = formFields(page, (f) => /\$ACTION/.test(f) && /Cancel \d+ gifts?/.test(f));
      if (!fields) throw new Error(`No bulk cancel form on the selection page:\n${page.slice(0, 1500)}`);
      const submit = /<button[^>]*name="([^"]*)"[^>]*value="([^"]*)"[^>]*>\s*Cancel \d+ gifts?/.exec(page);
      return {
        method: "POST",
        path: `/dashboard/${ctx.team}/selection?${query}`,
        headers: { cookie: ctx.cookie },
        body: formBody(fields, submit ? [[submit[1], submit[2]]] : []),
      };
    },
  },
  {
    covers: ["route POST /api/v1/teams/[team_id]/erasures", "job erase-recipient-data"],
    // Answered 202 after about a second; the rest of the erasure runs after the answer, polled here.
    endpoint: "POST /api/v1/teams/:team/erasures",
    input: `an address with ${MAX_BULK.toLocaleString("en")} gifts`,
    settleMs: 15_000,
    request: (ctx) => ({
      method: "POST",
      path: `/api/v1/teams/${ctx.team}/erasures`,
      headers: bearer(ctx.token),
      body: JSON.stringify({ email: ctx.erasedAddress }),
    }),
    // The unit tests erase a smaller address; the whole 10,000 is proven here, where it is measured:
    // the erasure completes, and no gift to the address is left (a retried case finds them erased already).
    outcome: async (ctx, answer) => {
      const id = (JSON.parse(answer) as { data: { id: string } }).data.id;
      const get = async <T>(path: string) =>
        (await (
          await fetch(`${ctx.server.url}/api/v1/teams/${ctx.team}${path}`, { headers: bearer(ctx.token) })
        ).json()) as { data: T };
      const erasure = await waitFor(
        async () => {
          const { attributes } = (await get<{ attributes: Record<string, unknown> }>(`/erasures/${id}`)).data;
          return attributes.status === "in_progress" ? null : attributes;
        },
        { timeoutMs: 120_000, intervalMs: 250, what: "the erasure of 10,000 gifts completed" },
      );
      if (erasure.status !== "completed") return `the erasure ended ${JSON.stringify(erasure)}`;
      const left = (await get<unknown[]>(`/gifts?filter[email]=${encodeURIComponent(ctx.erasedAddress)}`)).data;
      return left.length === 0 ? null : `${left.length}+ gifts to the erased address are left`;
    },
  },
  {
    covers: ["route POST /api/mcp"],
    endpoint: "POST /api/mcp",
    input: `a JSON-RPC batch of 100 tools/call list_gifts {"limit":50}`,
    request: (ctx) => ({
      method: "POST",
      path: "/api/mcp",
      headers: mcpHeaders(ctx),
      body: JSON.stringify(
        Array.from({ length: 100 }, (_, i) =>
          rpc(i + 1, "tools/call", { name: "list_gifts", arguments: { limit: 50 } }),
        ),
      ),
    }),
  },
  toolCall("list_gifts", { limit: 50 }),
  {
    covers: ["route POST /api/mcp"],
    endpoint: "POST /api/mcp tools/call list_gifts (stateless revision 2026-07-28)",
    input: `{"limit":50}, _meta's client capabilities filling the body to ${MCP_BODY_LIMIT / 1024} KB`,
    request: (ctx) => {
      const meta = (filler: string) => ({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": { experimental: { filler } },
      });
      const body = (filler: string) =>
        JSON.stringify(rpc(1, "tools/call", { name: "list_gifts", arguments: { limit: 50 }, _meta: meta(filler) }));
      return {
        method: "POST",
        path: "/api/mcp",
        headers: {
          ...mcpHeaders(ctx),
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "list_gifts",
        },
        body: body("x".repeat(MCP_BODY_LIMIT - body("").length - 16)),
      };
    },
    check: (status, body) =>
      status === 200 && body.includes('"resultType":"complete"') ? null : `answered ${status}: ${body.slice(0, 200)}`,
  },
  toolCall("list_collections", {}),
  toolCall("get_spend", {}),
  toolCall("get_gift", { id: "x".repeat(100) }),
  toolCall("cancel_gift", { id: "x".repeat(100) }),
  toolCall("quote_gift", { gift: agentGift(0) }),
  toolCall("quote_batch", { gift: agentBatch() }),
  sendCall("send_gift", "quote_gift", () => agentGift(0)),
  sendCall("send_batch", "quote_batch", agentBatch),
  {
    covers: ["route POST /api/v1/teams/[team_id]/gifts/[id]/simulate"],
    endpoint: "POST /api/v1/teams/sandbox/gifts/:id/simulate",
    input: `{"advance":"P90D","batch":true}, ${MAX_BATCH_ADVANCE} gifts × ${MAX_REMINDERS} reminders`,
    request: (ctx) => ({
      method: "POST",
      path: `/api/v1/teams/sandbox/gifts/${ctx.batchGift}/simulate`,
      headers: bearer(ctx.sandboxToken),
      body: JSON.stringify({ advance: "P90D", batch: true }),
    }),
  },
  // Last, the jobs at work over what every case before left (from here on the sweeper keeps the instance busy).
  {
    covers: ["route POST /api/v1/teams/[team_id]/bulk/gifts"],
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: "3 MB body: 10,000 valid email gifts due now (creates them)",
    holdsTheDatabase: true,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: fullBulkBody((i) => `r${i}@example.com`, { scheduled_at: new Date().toISOString() }),
    }),
  },
  jobsAtWork(
    ["job sweep-due-gifts", "job deliver-scheduled-gift"],
    "the 10,000 email gifts just created, all due",
    15_000,
  ),
  jobsAtWork(
    [
      "job send-reminders",
      "job expire-gifts",
      "job advance-fulfilment",
      "job dispatch-webhooks",
      "job send-emails",
      "job send-campaign-reminders",
      "job expire-unapproved-gifts",
      "job compact-stage-counts",
      "job purge-sign-in-emails",
      "job purge-idempotency-keys",
      "job delete-unused-oauth-clients",
      "job refresh-exchange-rates",
    ],
    "what every case above left: 20,000+ gifts, 30,000 suppressions, cancels, erasures, webhooks; the rates job reads a 64 KB day from a local source",
    10_000,
  ),
];

/** The cases, in the order they run: generic cases first, the work that grows after, the jobs last. */
export function stallCases(): StallCase[] {
  const ids = actionIds();
  const generic = inventory().flatMap((entry): StallCase[] => {
    if (entry.kind === "route") return [routeCase(entry)];
    if (entry.kind === "page") return [pageCase(entry)];
    if (entry.kind === "action")
      return [INLINE_PAGES[entry.id.slice(7).split("#")[0]] ? inlineActionCase(entry, ids) : actionCase(entry, ids)];
    return [];
  });
  return [...generic, ...SPECIFIC];
}

/** The inventory's entries no case covers, and the cases that name an entry the inventory lacks. */
export function coverage(cases: StallCase[]) {
  const entries = inventory().map((e) => e.id);
  const covered = new Set(cases.flatMap((c) => c.covers));
  return {
    entries,
    uncovered: entries.filter((id) => !covered.has(id)),
    unknown: [...covered].filter((id) => !entries.includes(id)),
  };
}

export { MAX_REMINDERS, MAX_BATCH_ADVANCE, MAX_BULK_ACTION };
