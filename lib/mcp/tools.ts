import type { PrismaClient } from "@/lib/db";
import { onTeam, type TeamActor } from "@/lib/actor";
import { jsonApi } from "@/lib/api/document";
import { readGiftFilter } from "@/lib/api/filters";
import { idempotentCreate } from "@/lib/api/idempotency";
import { readPage } from "@/lib/api/pagination";
import { budgetDocument } from "@/lib/api/serializers/budget";
import { collectionListDocument } from "@/lib/api/serializers/catalogue";
import { giftDocument, giftListDocument, giftListResponse } from "@/lib/api/serializers/gift";
import { priceQuoteDocument } from "@/lib/api/serializers/price-quote";
import { serializeEvent } from "@/lib/api/serializers/webhooks";
import { capsStanding, chargedBy, readBudget } from "@/lib/billing";
import { parseLimitCents } from "@/lib/billing/limit";
import { listCollections } from "@/lib/catalogue";
import { badRequest, HttpError, ValidationError, unknownFieldProblems, type FieldProblem } from "@/lib/errors";
import {
  approvalOutcome,
  cancelGift,
  createGifts,
  getGift,
  listGifts,
  parseBulkGifts,
  parseSingleGift,
  quoteGifts,
} from "@/lib/gifts";
import type { GiftDraft } from "@/lib/gifts/schema";
import { teamCurrency } from "@/lib/gifts/conversion";
import { afterResponse } from "@/lib/http/after-response";
import { notifyGiftCancelled, notifyGiftsScheduled, sendsJobEvents } from "@/lib/jobs";
import { formatMoney } from "@/lib/money";
import { listEvents } from "@/lib/webhooks";
import type { Caller } from "@/lib/tokens";
import { outcomeMeta, sendAnswer, type HostContext } from "./approval";
import {
  BULK_GIFT,
  GIFT_ID,
  IDEMPOTENCY_KEY,
  MAX_TEAM_ID,
  objectSchema,
  QUOTED_TOTAL,
  SINGLE_GIFT,
  STAGE,
  TEAM_ID,
} from "./schemas";

/** Most gifts one agent call may send or quote: a small batch; larger sends belong to the dashboard or the API. */
export const MCP_MAX_BATCH = 25;
/** Most gifts list_gifts returns, and events get_gift shows. */
const MAX_LISTED = 50;

export type ToolContext = { db: PrismaClient; caller: Caller; host: HostContext };
type Args = Record<string, unknown>;
type Annotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };

export type Tool = {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: Annotations;
  /** The answer: a JSON:API document (the same one the API returns), or a thrown error the API would answer. */
  run(ctx: ToolContext, args: Args): Promise<unknown>;
};

const READ: Annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Arguments beyond the schema's are refused, as the API refuses unknown fields. */
function assertKnown(args: Args, known: string[]) {
  const problems = unknownFieldProblems(args, known, "");
  if (problems.length > 0) throw new ValidationError(problems);
}

/**
 * The team a tool acts on: `team_id` as the API's /teams/:team_id paths take it, with the same
 * checks and words (a team the user isn't on is 404), else the default team as the API's
 * team-less paths choose it. A user on several teams is told to pass team_id.
 */
async function team(ctx: ToolContext, args: Args) {
  const id = args.team_id;
  if (id !== undefined && (typeof id !== "string" || id.length === 0 || id.length > MAX_TEAM_ID))
    throw new ValidationError([
      { detail: `Team id must be a team's id, 1 to ${MAX_TEAM_ID} characters`, pointer: "/team_id", code: "invalid" },
    ]);
  try {
    return await onTeam(ctx.db, ctx.caller, id);
  } catch (error) {
    if (id === undefined && error instanceof HttpError && Array.isArray(error.meta?.teams))
      throw badRequest(
        `You belong to ${error.meta.teams.length} teams; pass team_id, one of: ${error.meta.teams.join(", ")}.`,
        error.meta,
      );
    throw error;
  }
}

const body = async (response: Response) => JSON.parse(await response.text()) as unknown;

/** The `gift` argument parsed by the API's own parser, with the batch bound for agents. */
async function draftOf(args: Args, shape: "one" | "many", now: Date) {
  const parsed =
    shape === "one" ? parseSingleGift({ gift: args.gift }, now) : await parseBulkGifts({ gift: args.gift }, now);
  if (parsed.draft.recipients.length > MCP_MAX_BATCH)
    parsed.problems.push({
      detail: `An agent may send at most ${MCP_MAX_BATCH} gifts in one call; use the dashboard or the API for more`,
      pointer: "/gift/recipients_attributes",
      code: "too_many_recipients",
    });
  return parsed;
}

function quotedCents(args: Args, problems: FieldProblem[]): number | null {
  if (args.quoted_total === undefined || args.quoted_total === null || args.quoted_total === "") {
    problems.push({ detail: "Quoted total can't be blank: quote first", pointer: "/quoted_total", code: "blank" });
    return null;
  }
  return parseLimitCents(args.quoted_total, "/quoted_total", problems) ?? null;
}

function idempotencyKey(args: Args, problems: FieldProblem[]): string | null {
  const key = args.idempotency_key;
  if (typeof key === "string" && /^[\x21-\x7e]{1,255}$/.test(key)) return key;
  problems.push({
    detail: "Idempotency key must be 1 to 255 visible ASCII characters",
    pointer: "/idempotency_key",
    code: key === undefined ? "blank" : "invalid",
  });
  return null;
}

/** The quote a send is checked against: the same dry run the API gives. */
async function quote(ctx: ToolContext, actor: TeamActor, draft: { draft: GiftDraft; problems: FieldProblem[] }) {
  return quoteGifts(ctx.db, { actor, ...draft });
}

function quoteTool(shape: "one" | "many"): Tool {
  const schema = shape === "one" ? SINGLE_GIFT : BULK_GIFT;
  return {
    name: shape === "one" ? "quote_gift" : "quote_batch",
    title: shape === "one" ? "Quote a gift" : "Quote a batch of gifts",
    description:
      (shape === "one"
        ? "Price one gift without sending it (a dry run: nothing is created, charged or emailed)."
        : `Price a batch of up to ${MCP_MAX_BATCH} gifts from one collection without sending them (a dry run).`) +
      " Returns the total, what would be charged, and what the grant's caps and the team's budget would have left. Show the total to the user before sending.",
    inputSchema: objectSchema({ gift: schema.gift, team_id: TEAM_ID }, ["gift"], schema.defs),
    annotations: READ,
    async run(ctx, args) {
      assertKnown(args, ["gift", "team_id"]);
      const actor = await team(ctx, args);
      return priceQuoteDocument(await quote(ctx, actor, await draftOf(args, shape, new Date())));
    },
  };
}

function sendTool(shape: "one" | "many"): Tool {
  const schema = shape === "one" ? SINGLE_GIFT : BULK_GIFT;
  return {
    name: shape === "one" ? "send_gift" : "send_batch",
    title: shape === "one" ? "Send a gift" : "Send a batch of gifts",
    description:
      (shape === "one" ? "Send one gift." : `Send up to ${MCP_MAX_BATCH} gifts from one collection.`) +
      " Quote first and pass the quote's total as quoted_total: if the price differs, nothing is sent. When the quote holds a conversion or a landed cost (meta.price.quote), pass its id as gift.quote: the send is charged exactly that total while the quote holds. Live grants spend money only within the caps the user approved (per gift, per day); a sandbox grant sends test gifts with no card and no money. Pass an idempotency_key so a retry never sends twice. Gifts above the team's approval threshold wait for an owner: where the host can open a URL for the user, the user is asked to open Ribbon first and the retried call says what was decided; otherwise the answer's meta.approval says where they wait (follow with get_gift).",
    inputSchema: objectSchema(
      { gift: schema.gift, quoted_total: QUOTED_TOTAL, idempotency_key: IDEMPOTENCY_KEY, team_id: TEAM_ID },
      ["gift", "quoted_total", "idempotency_key"],
      schema.defs,
    ),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(ctx, args) {
      assertKnown(args, ["gift", "quoted_total", "idempotency_key", "team_id"]);
      const problems: FieldProblem[] = [];
      const quoted = quotedCents(args, problems);
      const key = idempotencyKey(args, problems);
      if (problems.length > 0 || quoted === null || key === null) throw new ValidationError(problems);
      const actor = await team(ctx, args);
      // The total is in the team's currency, with its own minor digits ("2500" for JPY): read again in it.
      const currency = await teamCurrency(ctx.db, actor.team.id);
      const inCurrency: FieldProblem[] = [];
      const quotedTotalCents =
        currency === "USD" ? quoted : parseLimitCents(args.quoted_total, "/quoted_total", inCurrency, currency);
      if (inCurrency.length > 0 || quotedTotalCents == null) throw new ValidationError(inCurrency);
      const requestBody = { gift: args.gift };
      // The API's idempotency, keyed like an Idempotency-Key header on the matching endpoint.
      const request = new Request("http://mcp.invalid/", { headers: { "idempotency-key": key } });
      const response = await idempotentCreate({
        db: ctx.db,
        request,
        caller: ctx.caller,
        body: requestBody,
        scope: `${actor.team.id}:${shape === "one" ? "gift" : "bulk"}`,
        shape,
        reader: actor,
        async create(idempotency) {
          const now = new Date();
          const draft = await draftOf(args, shape, now);
          // The quoted total is compared in the charging transaction, with the price it charges.
          const gifts = await createGifts(ctx.db, { actor, ...draft, now, idempotency, quotedTotalCents });
          if (sendsJobEvents()) await afterResponse(() => notifyGiftsScheduled(gifts));
          return shape === "one" ? jsonApi(giftDocument(gifts[0], actor)) : giftListResponse(gifts, actor);
        },
      });
      return sendAnswer(ctx.db, ctx.host, actor, shape, await body(response));
    },
  };
}

const listCollectionsTool: Tool = {
  name: "list_collections",
  title: "Browse collections",
  description:
    "The gift collections the user's team can send from, each with its price per gift in its own currency (shipping included), the countries it reaches and its products. quote_gift gives the price in the team's currency.",
  inputSchema: objectSchema({ team_id: TEAM_ID }),
  annotations: READ,
  async run(ctx, args) {
    assertKnown(args, ["team_id"]);
    const { team: t } = await team(ctx, args);
    return collectionListDocument(await listCollections(ctx.db, t.id));
  },
};

const listGiftsTool: Tool = {
  name: "list_gifts",
  title: "List gifts",
  description: `The team's gifts, newest first (at most ${MAX_LISTED}), optionally only one stage or one recipient email.`,
  inputSchema: objectSchema({
    stage: STAGE,
    email: { type: "string", maxLength: 320, description: "Only gifts to this recipient email." },
    limit: { type: "integer", minimum: 1, maximum: MAX_LISTED, description: `How many (default 20).` },
    team_id: TEAM_ID,
  }),
  annotations: READ,
  async run(ctx, args) {
    assertKnown(args, ["stage", "email", "limit", "team_id"]);
    // The API's own query readers: the same checks and the same errors as ?filter[…]&page[size].
    const url = new URL("http://mcp.invalid/");
    if (args.stage !== undefined) url.searchParams.set("filter[stage]", String(args.stage));
    if (args.email !== undefined) url.searchParams.set("filter[email]", String(args.email));
    url.searchParams.set("page[size]", String(args.limit ?? 20));
    const page = readPage(url);
    const actor = await team(ctx, args);
    const rows = await listGifts(ctx.db, {
      caller: ctx.caller,
      team: actor.team,
      filter: readGiftFilter(url),
      size: Math.min(page.size, MAX_LISTED),
    });
    return giftListDocument(rows.slice(0, page.size), actor);
  },
};

const getGiftTool: Tool = {
  name: "get_gift",
  title: "Get a gift and its timeline",
  description:
    "One gift (stage, recipient, price, dates) and its timeline, newest event first: scheduled, sent, opened, redeemed, shipped, delivered, cancelled… A gift that waited for an owner's approval has meta.approval: pending, approved, rejected, expired or cancelled, when, and by whom.",
  inputSchema: objectSchema({ id: GIFT_ID, team_id: TEAM_ID }, ["id"]),
  annotations: READ,
  async run(ctx, args) {
    assertKnown(args, ["id", "team_id"]);
    const actor = await team(ctx, args);
    const gift = await getGift(ctx.db, ctx.caller, actor.team, String(args.id ?? ""));
    const events = await listEvents(ctx.db, {
      caller: ctx.caller,
      team: actor.team,
      filter: { giftId: gift.id },
      size: MAX_LISTED,
    });
    const approval = await approvalOutcome(ctx.db, gift.id);
    return {
      ...giftDocument(gift, actor),
      meta: {
        timeline: events.slice(0, MAX_LISTED).map(serializeEvent),
        ...(approval ? { approval: outcomeMeta(approval) } : {}),
      },
    };
  },
};

const cancelGiftTool: Tool = {
  name: "cancel_gift",
  title: "Cancel a gift",
  description:
    "Cancel a gift that is not redeemed yet; a live gift's charge is refunded. A gift already redeemed, cancelled or expired can't be.",
  inputSchema: objectSchema({ id: GIFT_ID, team_id: TEAM_ID }, ["id"]),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    assertKnown(args, ["id", "team_id"]);
    const actor = await team(ctx, args);
    const gift = await cancelGift(ctx.db, actor, String(args.id ?? ""));
    if (sendsJobEvents()) await afterResponse(() => notifyGiftCancelled(gift.id));
    return giftDocument(gift, actor);
  },
};

const money = (cents: number | null) => (cents === null ? null : formatMoney(cents));

const spendTool: Tool = {
  name: "get_spend",
  title: "Spend and remaining caps",
  description:
    "What this connection may still spend: the caps the user approved (per gift, per day, per month), what it has spent today and this month, and the team's monthly budget. Caps change only by the person on Ribbon (raised on its consent screen, lowered on their account page), never through a tool.",
  inputSchema: objectSchema({ team_id: TEAM_ID }),
  annotations: READ,
  async run(ctx, args) {
    assertKnown(args, ["team_id"]);
    const actor = await team(ctx, args);
    const standing = await capsStanding(ctx.db, chargedBy(actor));
    const caps = standing?.caps ?? null;
    const left = (limit: number | null | undefined, spent: number) =>
      limit === null || limit === undefined ? null : formatMoney(Math.max(0, limit - spent));
    const today = standing?.spentTodayCents ?? 0;
    const month = standing?.spentThisMonthCents ?? 0;
    return {
      ...budgetDocument(await readBudget(ctx.db, actor.team.id)),
      meta: {
        mode: ctx.caller.mode,
        currency: "USD",
        caps: {
          "per-gift": money(caps?.perGiftCents ?? null),
          daily: money(caps?.dailyCents ?? null),
          monthly: money(caps?.monthlyCents ?? null),
          collections: caps?.collectionIds?.map(String) ?? null,
          "spent-today": formatMoney(today),
          "spent-this-month": formatMoney(month),
          "remaining-today": left(caps?.dailyCents, today),
          "remaining-this-month": left(caps?.monthlyCents, month),
        },
      },
    };
  },
};

export const TOOLS: Tool[] = [
  listCollectionsTool,
  quoteTool("one"),
  quoteTool("many"),
  sendTool("one"),
  sendTool("many"),
  listGiftsTool,
  getGiftTool,
  cancelGiftTool,
  spendTool,
];
