import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { config } from "@/lib/config";
import { GIFT_ACTIONS, STAGES, type GiftAction } from "@/lib/gifts";
import { bulkGiftBody, singleGiftBody } from "@/lib/gifts/schema";
import { giftChangesBody, REOPEN_WINDOW_DAYS } from "@/lib/gifts/update-schema";
import { RESEND_GAP_SECONDS, RESENDS_PER_DAY } from "@/lib/ratelimit/gift-resends";
import { SIMULATED_EMAIL_EVENTS, SIMULATED_STAGES } from "@/lib/simulation/parse-simulation";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { webhookEndpointBody } from "@/lib/webhooks/schema";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../pagination";
import { ERROR_CODES } from "./error-codes";
import * as R from "./resources";

const JSON_API = "application/vnd.api+json";

const integer = (description: string) =>
  z
    .number()
    .int()
    .meta({ description, override: { type: "integer", minimum: 0 } });
const seconds = integer;
const COMMON_HEADERS = z.object({
  "Request-Id": z
    .string()
    .meta({ description: "This request's id: quote it when you contact support. Also in error documents' `meta`." }),
  "RateLimit-Limit": integer("Requests allowed per window for this credential.").optional(),
  "RateLimit-Remaining": integer("Requests left in the current window.").optional(),
  "RateLimit-Reset": seconds("Seconds until the window resets.").optional(),
});

const errorResponse = (description: string, extraHeaders: z.ZodRawShape = {}) => ({
  description,
  headers: COMMON_HEADERS.extend(extraHeaders),
  content: { [JSON_API]: { schema: R.ErrorDocument } },
});

const ERRORS = {
  "400": errorResponse(
    "Invalid request: validation problems (`ApiError` entries, status 422, each with `source.pointer`), a declined card (`BillingError`), a bad parameter or body.",
  ),
  "401": errorResponse("Missing, malformed, unknown, revoked or expired access token.", {
    "WWW-Authenticate": z.string().meta({ description: '`Bearer realm="ribbon"`' }),
  }),
  "403": errorResponse(
    "A sandbox token naming a live team, a live token naming `sandbox`, or (`member_required`) a viewer asking to send or cancel gifts.",
  ),
  "404": errorResponse("No such team, gift or endpoint visible to the caller."),
  "429": errorResponse("Too many requests for this credential.", { "Retry-After": seconds("Seconds to wait.") }),
};

const param = <T extends z.ZodType>(schema: T, description: string) => schema.meta({ param: { description } });

const teamIdParam = { team_id: param(z.string(), "A team id from `GET /teams` (`sandbox` for sandbox tokens).") };
const giftIdParam = { id: param(z.string(), "The gift's id (`gft_…`).") };
const batchIdParam = { id: param(z.string(), "The batch's id (`bat_…`, a gift's `batch.id`).") };
const rejectBody = z
  .object({ reason: z.string().max(500).nullable().optional() })
  .meta({ id: "RejectRequest", description: "Optional: the body may be empty." });
const pageParams = {
  "page[size]": param(
    z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .optional()
      .meta({ override: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } }),
    "Items per page.",
  ),
  "page[after]": param(z.string().optional(), "Cursor: follow `links.next` rather than building it."),
};
const giftFilters = {
  "filter[stage]": param(z.enum(STAGES).optional(), "Only gifts in this stage."),
  "filter[email]": param(z.string().optional(), "Only gifts to this recipient address (exact, case-insensitive)."),
};
const chargeFilters = {
  "filter[created_after]": param(
    z.string().optional().meta({ example: "2026-11-01" }),
    "Only items created at or after this time: an ISO 8601 date (midnight UTC) or date-time with `Z` or an offset.",
  ),
  "filter[created_before]": param(
    z.string().optional().meta({ example: "2026-12-01T00:00:00Z" }),
    "Only items created strictly before this time (same format). With `created_after`, consecutive ranges cover every item exactly once.",
  ),
  "filter[batch]": param(
    z.string().optional().meta({ example: "bat_…" }),
    "Only the items of this batch's gifts (its charge shares and refunds): a gift's `batch.id`.",
  ),
};
const CHARGES_ACCESS =
  "On a live team only its owners see its charges (a member or viewer gets 403 `owner_required`). The sandbox is never charged: a sandbox token gets an empty list.";
const chargeErrors = {
  "403": errorResponse(
    "A sandbox token naming a live team, a live token naming `sandbox`, or (`owner_required`) a member or viewer of the team: only owners see its charges.",
  ),
};
const endpointIdParam = { id: param(z.string(), "The webhook endpoint's id.") };
const OWNERS_ONLY =
  "On a live team only its owners may do this (a member gets 403 `owner_required`); in the `sandbox` team every user manages their own endpoints.";
const ownerErrors = {
  "403": errorResponse(
    "A sandbox token naming a live team, a live token naming `sandbox`, or (`owner_required`) a member of the team who is not an owner.",
  ),
};
const eventFilters = {
  "filter[type]": param(z.enum(EVENT_TYPES).optional(), "Only events of this type."),
  "filter[gift]": param(z.string().optional(), "Only events of this gift."),
};
const replayBody = z
  .object({
    since: z.string().meta({
      description: "Re-send every event since this time (at most 30 days ago), ISO 8601.",
      format: "date-time",
      example: "2026-11-20T00:00:00Z",
    }),
  })
  .meta({ id: "ReplayRequest" });
const simulateBody = z
  .object({
    stage: z
      .enum(SIMULATED_STAGES)
      .optional()
      .meta({ description: "The stage to move the sandbox gift to (legal moves only). Not with `advance`." }),
    charity: z.string().optional().meta({
      description:
        "With `stage` `donated`: the slug of the charity the simulated recipient gives to (`GET /charities`); the first listed when left out.",
      example: "school-meals",
    }),
    advance: z.string().max(20).optional().meta({
      description:
        "Moves the gift's test clock forward by this ISO 8601 duration (weeks, days, hours, minutes; at most `P90D`) and fires, in time order, whatever became due: the scheduled send, the latest reminder due (the earlier ones passed over, as the live job does with overdue reminders), the expiry. Not with `stage`.",
      example: "P7D",
    }),
    batch: z
      .boolean()
      .optional()
      .meta({ description: "With `advance`: move the clock of every gift of this gift's batch (at most 500)." }),
    email_event: z.enum(SIMULATED_EMAIL_EVENTS).optional().meta({
      description:
        "Alone: what the email provider reports about the gift's email, through the same path as Resend's webhooks. `bounced` (a hard bounce) moves a sent gift to `failed` with its `delivery-issue` and suppresses the address for the sandbox team; `complained` suppresses it and stops the reminders; the others are recorded on the timeline (`gift.email_*`).",
    }),
  })
  .meta({
    id: "SimulateRequest",
    description: 'Either `{"stage": …}`, `{"advance": …[, "batch": true]}` or `{"email_event": …}`.',
  });
const reminderSettingsBody = z
  .object({
    reminders: z.object({
      cadence: z
        .array(z.string().max(20))
        .max(16)
        .meta({
          description:
            "ISO 8601 durations after the gift email was sent, or before its expiry with a leading `-`; each between 1 hour and 365 days, at most 16, no duplicates. `[]`: no reminders by default.",
          example: ["P3D", "P7D", "-P2D"],
        }),
    }),
  })
  .meta({ id: "ReminderSettingsRequest" });
const swapCollectionsBody = z
  .object({
    swap_collections: z.object({
      collection_ids: z
        .array(z.string().regex(/^[1-9][0-9]{0,8}$/))
        .max(20)
        .meta({
          description: "Collections the team can use (global or its own), at most 20, no duplicates. `[]`: no swap.",
          example: ["3", "7"],
        }),
    }),
  })
  .meta({ id: "SwapCollectionsRequest" });
const CONFLICT = {
  "409": errorResponse(
    "That stage change is not allowed from the gift's current stage; or `batch` on a gift created alone (`not_in_batch`), a batch of more than 25 gifts (`batch_too_large`), another advance still running after 20 s (`clock_busy`).",
  ),
};

const dryRun = {
  dry_run: param(
    z.enum(["true", "false"]).optional(),
    "`true`: validate exactly as the real call (same errors, same pointers, and the `no_card_on_file` BillingError for a live team without a card) and answer with the price (a `PriceQuote`), creating, charging and sending nothing. An Idempotency-Key is ignored on a dry run. Whether a card declines is known only when the real call charges it.",
  ),
};

const idempotencyHeader = {
  "Idempotency-Key": param(
    z.string().min(1).max(255).optional(),
    "Retry safely: the same key and body within 24 hours replays the first response (`Idempotent-Replayed: true`); the same key with another body is a 409.",
  ),
};

const createErrors = {
  "402": errorResponse(
    "The team's spend controls or the credential's caps refuse it (`budget_exceeded`: the month's live charges would pass the monthly budget; `per_gift_limit_exceeded`: a gift costs more than the per-gift limit; `cap_per_gift_exceeded`, `cap_daily_exceeded`, `cap_monthly_exceeded`: the calling token's or OAuth grant's cap). `meta` has the figures. Nothing was created or charged. A dry run answers the same.",
  ),
  "403": errorResponse(
    "A viewer of the team (`member_required`), or a credential not allowed to send from this collection (`collection_not_allowed`).",
  ),
  "409": errorResponse("The Idempotency-Key was used with another request."),
};
const budgetBody = z
  .object({
    budget: z.object({
      currency: z.string().optional().meta({
        description:
          "The team's billing currency (ISO 4217): every amount of the budget, the ledger and the caps is in it; the other amounts of this body are read in it. Fixed once the team has a charge (409 `currency_locked`); a limit already set must be given again with it (docs/international.md).",
        example: "EUR",
      }),
      monthly_limit: z.string().nullable().optional().meta({
        description: "Live charges in a calendar month (UTC), net of refunds, stay within it. null: no budget.",
        example: "500.00",
      }),
      per_gift_limit: z
        .string()
        .nullable()
        .optional()
        .meta({ description: "No gift may cost more. null: no limit.", example: "75.00" }),
      approval_above_price: z.string().nullable().optional().meta({
        description: "Live gifts priced above this wait for an owner's approval (docs/api.md, Approvals). null: never.",
        example: "100.00",
      }),
      approval_above_batch_size: z.number().int().min(1).max(10_000).nullable().optional().meta({
        description:
          "Live gifts created more than this many at once (bulk, CSV) wait for an owner's approval. null: never.",
        example: 50,
      }),
    }),
  })
  .meta({ id: "BudgetRequest", description: "A field left out keeps its value." });

const suppressionsBody = z
  .object({
    suppressions: z
      .array(z.object({ email: z.string().max(254).meta({ example: "gone@example.com" }) }))
      .min(1)
      .max(10_000),
  })
  .meta({
    id: "SuppressionsRequest",
    description:
      "The addresses to add (reason `manual`). Or send a CSV file instead (`Content-Type: text/csv`, at most 1 MB and 10,000 rows): one address per row, in the column named `email` or the first.",
  });
const privacyBody = z
  .object({
    privacy: z.object({
      recipient_data_retention_days: z.number().int().min(0).max(3650).meta({ example: 90 }),
    }),
  })
  .meta({ id: "PrivacyRequest" });
const erasureBody = z
  .object({ email: z.string().max(254).meta({ example: "robin@example.com" }) })
  .meta({ id: "ErasureRequest" });
const suppressionParam = { email: param(z.string(), "The address (URL-encoded).") };

type Endpoint = {
  method: "get" | "post" | "patch" | "delete";
  path: string; // relative to /teams/{team_id}, or absolute when `teamScoped` is false
  teamScoped: boolean;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  response: z.ZodType;
  /** The 200 answer's media type: JSON:API unless said (the CSV export). */
  mediaType?: string;
  body?: z.ZodType;
  /** The body may be left out. */
  bodyOptional?: boolean;
  query?: z.ZodRawShape;
  pathParams?: z.ZodRawShape;
  headers?: z.ZodRawShape;
  extraErrors?: Record<string, ReturnType<typeof errorResponse>>;
};

/** Every endpoint of the API. The coverage test fails when app/api/v1 serves one this list misses, or the other way round. */
export const ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/teams",
    teamScoped: false,
    operationId: "listTeams",
    summary: "List teams",
    tag: "Catalogue",
    response: R.TeamList,
    description: "The teams the caller may use: `sandbox` only for sandbox tokens; the user's teams for live tokens.",
  },
  {
    method: "get",
    path: "/collections",
    teamScoped: true,
    operationId: "listCollections",
    summary: "List collections",
    tag: "Catalogue",
    response: R.CollectionList,
  },
  {
    method: "get",
    path: "/designs",
    teamScoped: true,
    operationId: "listDesigns",
    summary: "List designs",
    tag: "Catalogue",
    response: R.DesignList,
  },
  {
    method: "get",
    path: "/logos",
    teamScoped: true,
    operationId: "listLogos",
    summary: "List logos",
    tag: "Catalogue",
    response: R.LogoList,
  },
  {
    method: "get",
    path: "/charities",
    teamScoped: false,
    operationId: "listCharities",
    summary: "List charities",
    tag: "Catalogue",
    response: R.CharityList,
    description:
      "The charities a recipient may donate their gift's value to on the untie page (the same list for every team). A donated gift's `charity` names one by its slug.",
  },
  {
    method: "get",
    path: "/messages",
    teamScoped: true,
    operationId: "listMessages",
    summary: "List past messages",
    tag: "Catalogue",
    response: R.MessageList,
    query: pageParams,
    description:
      "The calling user's distinct past gift messages in the team, newest first. A dashboard CSV upload adds its 100 most used messages, not every row's own.",
  },
  {
    method: "get",
    path: "/gifts",
    teamScoped: true,
    operationId: "listGifts",
    summary: "List gifts",
    tag: "Gifts",
    response: R.GiftListDocument,
    query: { ...pageParams, ...giftFilters },
    description: "The team's gifts, newest first. Sandbox tokens see only their own sandbox gifts.",
  },
  {
    method: "post",
    path: "/gifts",
    teamScoped: true,
    operationId: "createGift",
    summary: "Create a gift",
    tag: "Gifts",
    response: z.union([R.GiftDocument, R.PriceQuoteDocument]),
    body: singleGiftBody,
    query: dryRun,
    headers: idempotencyHeader,
    description:
      "Creates one gift in stage `scheduled`. Live gifts are charged to the team's card in the same transaction. Every validation problem is reported at once. With `?dry_run=true`, nothing is created: the answer is the price (`PriceQuote`).",
    extraErrors: createErrors,
  },
  {
    method: "post",
    path: "/bulk/gifts",
    teamScoped: true,
    operationId: "createGifts",
    summary: "Create gifts in bulk",
    tag: "Gifts",
    response: z.union([R.GiftListDocument, R.PriceQuoteDocument]),
    body: bulkGiftBody,
    query: dryRun,
    headers: idempotencyHeader,
    description:
      "Creates one gift per recipient, all or nothing, with one charge for the total. With `?dry_run=true`, nothing is created: the answer is the price (`PriceQuote`).",
    extraErrors: createErrors,
  },
  {
    method: "get",
    path: "/gifts/{id}",
    teamScoped: true,
    operationId: "getGift",
    summary: "Get a gift",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
  },
  {
    method: "delete",
    path: "/gifts/{id}",
    teamScoped: true,
    operationId: "cancelGift",
    summary: "Cancel a gift",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
    description: "Cancels a gift that is not redeemed yet (stage `cancelled`) and refunds a live gift.",
    extraErrors: { "409": errorResponse("The gift is already redeemed, shipped, delivered, cancelled or expired.") },
  },
  {
    method: "post",
    path: "/gifts/{id}/approve",
    teamScoped: true,
    operationId: "approveGift",
    summary: "Approve a gift waiting for approval",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
    description:
      "Owners only. A gift in stage `pending_approval` (the team's approval thresholds, docs/api.md Approvals) is charged now, within the team's budget and the approver's caps, and scheduled: event `gift.approved`. No body.",
    extraErrors: {
      "402": errorResponse("The team's budget or the approver's caps refuse the charge; the gift stays pending."),
      "409": errorResponse("`not_pending_approval`: the gift was already approved, rejected, cancelled or expired."),
    },
  },
  {
    method: "patch",
    path: "/gifts/{id}",
    teamScoped: true,
    operationId: "updateGift",
    summary: "Change a gift",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
    body: giftChangesBody,
    headers: idempotencyHeader,
    description: [
      "Changes what the gift's stage still allows; each accepted request is one event (`gift.updated`, or `gift.reopened` for an expired gift brought back).",
      "- `message`, `from`, `subject`, `design_id`, `scheduled_at`: while the gift is `scheduled` and its email isn't being sent (409 `being_sent` while a delivery attempt holds it, or waits for its retry).",
      "- `email`: while not yet opened (`scheduled` or `sent`); email gifts only (422 `link_gift`). The gift gets a new `untie-url`: the old link stops working. A gift already `sent` gets its email again, at the new address, now.",
      `- \`expires_on\`: a later date (422 \`must_be_later\`), from today and less than one year from today, for a gift not yet redeemed; an \`expired\` gift whose \`expires-on\` is at most ${REOPEN_WINDOW_DAYS} days ago is reopened (back to the stage it expired from; later: 409 \`expired_too_long_ago\`). Nothing is charged or refunded.`,
      "A field the stage doesn't allow: 409 with `source.pointer` at the field and a code naming the stage in the way (`already_sent`, `already_opened`, `already_redeemed`, …).",
    ].join("\n"),
    extraErrors: {
      "409": errorResponse(
        "The gift's stage doesn't allow that change (`already_<stage>`, `being_sent`, `expired_too_long_ago`; `source.pointer` names the field), or the Idempotency-Key was used with another request.",
      ),
    },
  },
  {
    method: "post",
    path: "/gifts/{id}/reject",
    teamScoped: true,
    operationId: "rejectGift",
    summary: "Reject a gift waiting for approval",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
    body: rejectBody,
    bodyOptional: true,
    description:
      "Owners only. A gift in stage `pending_approval` moves to `rejected` (event `gift.rejected`, with the reason); nothing was charged.",
    extraErrors: {
      "409": errorResponse("`not_pending_approval`: the gift was already approved, rejected, cancelled or expired."),
    },
  },
  {
    method: "get",
    path: "/batches/{id}",
    teamScoped: true,
    operationId: "getBatch",
    summary: "Get a batch",
    tag: "Gifts",
    response: R.BatchDocument,
    pathParams: batchIdParam,
    description:
      "A batch (the gifts of one bulk request or CSV upload): its name, size and how many of its gifts are in each stage now.",
  },
  {
    method: "post",
    path: "/batches/{id}/approve",
    teamScoped: true,
    operationId: "approveBatch",
    summary: "Approve a batch's waiting gifts",
    tag: "Gifts",
    response: R.BatchDecisionDocument,
    pathParams: batchIdParam,
    description:
      "Owners only. Every gift of the batch still in `pending_approval` is approved at once: one charge for all of them, within the team's budget and the approver's caps (a refusal leaves them all waiting), and each is scheduled with its own `gift.approved` event. Gifts approved, rejected or cancelled on their own before are left as they are. No body. `meta.approved`: how many; `meta.charged`: the charge.",
    extraErrors: {
      "402": errorResponse("The team's budget or the approver's caps refuse the charge; every gift stays pending."),
      "409": errorResponse("`not_pending_approval`: no gift of the batch is waiting for approval."),
    },
  },
  {
    method: "post",
    path: "/batches/{id}/reject",
    teamScoped: true,
    operationId: "rejectBatch",
    summary: "Reject a batch's waiting gifts",
    tag: "Gifts",
    response: R.BatchDecisionDocument,
    pathParams: batchIdParam,
    body: rejectBody,
    bodyOptional: true,
    description:
      "Owners only. Every gift of the batch still in `pending_approval` moves to `rejected` (a `gift.rejected` event each, with the reason); nothing was charged. `meta.rejected`: how many.",
    extraErrors: {
      "409": errorResponse("`not_pending_approval`: no gift of the batch is waiting for approval."),
    },
  },
  {
    method: "post",
    path: "/gifts/{id}/resend",
    teamScoped: true,
    operationId: "resendGift",
    summary: "Resend the gift email",
    tag: "Gifts",
    response: R.GiftDocument,
    pathParams: giftIdParam,
    headers: idempotencyHeader,
    description: `Sends the gift email again, to the gift's address (no copy to \`cc_email\`), for an email gift that is \`sent\` or \`opened\`; the stage doesn't change, the event is \`gift.resent\`. No body. At most ${RESENDS_PER_DAY} resends of a gift in 24 hours and one per ${RESEND_GAP_SECONDS / 60} minutes: more is a 429 \`rate_limited\` with \`Retry-After\`.`,
    extraErrors: {
      "409": errorResponse(
        "Not an email gift in `sent` or `opened` (`link_gift`, `not_sent_yet`, `already_<stage>`), or the Idempotency-Key was used with another request.",
      ),
      "429": errorResponse("This gift's email was resent too often: wait `Retry-After` seconds.", {
        "Retry-After": seconds("Seconds to wait."),
      }),
    },
  },
  {
    method: "get",
    path: "/gifts/{id}/events",
    teamScoped: true,
    operationId: "listGiftEvents",
    summary: "List a gift's events",
    tag: "Events",
    response: R.EventList,
    pathParams: giftIdParam,
    query: { ...pageParams, "filter[type]": eventFilters["filter[type]"] },
  },
  {
    method: "post",
    path: "/gifts/{id}/simulate",
    teamScoped: true,
    operationId: "simulateGift",
    summary: "Simulate a stage (sandbox)",
    tag: "Events",
    pathParams: giftIdParam,
    body: simulateBody,
    response: R.SimulationDocument,
    description:
      "Sandbox only. With `stage`: moves the gift along the stage machine as a recipient or carrier would, firing the same events and webhooks; `redeemed` fills a sample product and address. With `advance`: moves the gift's test clock (its own now: the scheduled jobs leave a gift on a clock alone) and fires what became due in time order (the send, the latest reminder due, the expiry) by the same functions as the jobs, at the clock's times; its emails stay in the outbox (suppressed), `meta.fired` lists what happened. Two advances of one gift run one after the other. 403 for live gifts (`livemode_gift` with `advance`).",
    extraErrors: CONFLICT,
  },
  {
    method: "get",
    path: "/events",
    teamScoped: true,
    operationId: "listEvents",
    summary: "List events",
    tag: "Events",
    response: R.EventList,
    query: { ...pageParams, ...eventFilters },
    description: "Every stage change of the team's gifts, newest first.",
  },
  {
    method: "get",
    path: "/budget",
    teamScoped: true,
    operationId: "getBudget",
    summary: "Get the team's budget",
    tag: "Billing",
    response: R.BudgetDocument,
    description:
      "The team's spend controls (a monthly budget and a per-gift limit) and this month's spend: live charges net of refunds, calendar month in UTC. Everyone on the team may read it; the sandbox has no budget (all null, spend 0.00).",
  },
  {
    method: "patch",
    path: "/budget",
    teamScoped: true,
    operationId: "updateBudget",
    summary: "Set the team's budget",
    tag: "Billing",
    response: R.BudgetDocument,
    body: budgetBody,
    description:
      "Sets the monthly budget and the per-gift limit (amounts as decimal strings, at most 1000000.00; null removes a limit; a field left out keeps its value). Owners only. Creates that would pass a limit are then refused with 402 (see the create endpoints).",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/reminders",
    teamScoped: true,
    operationId: "getReminderSettings",
    summary: "Get the team's reminder cadence",
    tag: "Gifts",
    response: R.ReminderSettingsDocument,
    description:
      "The reminders a new email gift gets unless its request gives `reminders` (default `P3D`, `P7D`, `-P2D`), and the quiet hours. Everyone on the team may read it.",
  },
  {
    method: "patch",
    path: "/reminders",
    teamScoped: true,
    operationId: "updateReminderSettings",
    summary: "Set the team's reminder cadence",
    tag: "Gifts",
    response: R.ReminderSettingsDocument,
    body: reminderSettingsBody,
    description:
      "Sets the team's default cadence. Owners only; not in the sandbox (give `reminders` per gift there). Gifts keep the cadence they were created with: only new gifts get the new one.",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/swap-collections",
    teamScoped: true,
    operationId: "getSwapCollections",
    summary: "Get the team's swap collections",
    tag: "Gifts",
    response: R.SwapCollectionsDocument,
    description:
      "The collections a recipient who likes nothing in their gift's collection may swap it for: any product of one priced at or below the gift (a sandbox gift: at or below its collection's price). The difference is neither charged nor refunded. Everyone on the team may read it.",
  },
  {
    method: "patch",
    path: "/swap-collections",
    teamScoped: true,
    operationId: "updateSwapCollections",
    summary: "Set the team's swap collections",
    tag: "Gifts",
    response: R.SwapCollectionsDocument,
    body: swapCollectionsBody,
    description:
      "Replaces the team's swap collections (`[]`: no swap). Owners only; not in the sandbox. An id that is not a collection the team can use (another team's, or none) is refused with 422 and its pointer. Gifts already redeemed keep their product.",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/suppressions",
    teamScoped: true,
    operationId: "listSuppressions",
    summary: "List the team's suppression list",
    tag: "Deliverability",
    response: R.SuppressionListDocument,
    query: pageParams,
    description:
      "Addresses the team no longer emails: hard bounces and spam complaints (added by the provider's events) and the team's own entries. A new gift to one is refused with 422 `suppressed`; no reminder goes to one. Everyone on the team may read it. In the shared sandbox team the list is each user's own: another sandbox user's entries are neither listed, removable nor in the way of your gifts.",
  },
  {
    method: "post",
    path: "/suppressions",
    teamScoped: true,
    operationId: "addSuppressions",
    summary: "Add addresses to the suppression list",
    tag: "Deliverability",
    response: R.SuppressionListDocument,
    body: suppressionsBody,
    query: pageParams,
    description:
      "JSON, or a CSV file (`Content-Type: text/csv`, at most 1 MB: one address a row, in a column named `email` or the first column). Members and owners. Up to 10,000 addresses a request (more is refused with `too_many_suppressions`: split the list). Every address is checked first: one that is not an address refuses the whole request (422 with its pointer, or its CSV row) and nothing is added. The addresses are then written in statements of 1,000, each committed on its own (no transaction across them): adding is idempotent (an address already on the list keeps its first reason, one given twice counts once), so a request that failed part-way can be sent again and adds the rest. Answers the first page of the list (`page[size]` as `GET`), and in `meta` how many were new (`added`) of the distinct addresses given (`given`).",
  },
  {
    method: "delete",
    path: "/suppressions/{email}",
    teamScoped: true,
    operationId: "removeSuppression",
    summary: "Remove an address from the suppression list",
    tag: "Deliverability",
    response: R.SuppressionDocument,
    pathParams: suppressionParam,
    description: "Owners only. Answers the entry removed; 404 when the address is not on the list.",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/privacy",
    teamScoped: true,
    operationId: "getPrivacySettings",
    summary: "Get the team's data retention",
    tag: "Privacy",
    response: R.PrivacySettingsDocument,
    description:
      "How long recipients' personal data is kept after a gift ends (docs/privacy.md). Everyone on the team may read it.",
  },
  {
    method: "patch",
    path: "/privacy",
    teamScoped: true,
    operationId: "updatePrivacySettings",
    summary: "Set the team's data retention",
    tag: "Privacy",
    response: R.PrivacySettingsDocument,
    body: privacyBody,
    description:
      "Owners only; not in the sandbox. 0 keeps recipients' data until an erasure request; otherwise the daily `erase-recipient-data` job erases it that many days after the gift's final stage.",
    extraErrors: ownerErrors,
  },
  {
    method: "post",
    path: "/erasures",
    teamScoped: true,
    operationId: "eraseRecipient",
    summary: "Erase one person's data",
    tag: "Privacy",
    response: R.ErasureDocument,
    body: erasureBody,
    description:
      "Owners only; not in the sandbox. Erases the person's name, email, copy address, note, redemption email and postal address from every gift of the team sent to (or redeemed with) that address, and every copy: the outbox's addresses and bodies, webhook payloads and endpoints' answers, timeline messages, stored API answers, saved views searching for it; the address is scrubbed out of texts that quote it (a bounce's reason). Keeps the gift rows (anonymous), the ledger and the counts; a suppression of the address stays by its hash. Works a short transaction at a time: answers **200** with `status: completed` when done within about a second, else **202** with `status: in_progress` and a `Location` to poll (`GET /erasures/{erasure_id}`) while it goes on; a second request for the same address continues the one in progress.",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/erasures/{erasure_id}",
    teamScoped: true,
    operationId: "getErasure",
    summary: "How an erasure request stands",
    tag: "Privacy",
    response: R.ErasureDocument,
    pathParams: { erasure_id: param(z.string(), "The erasure's id (`era_…`), from `POST /erasures`.") },
    description: "Owners only; not in the sandbox. 404 for an erasure of another team.",
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/charges",
    teamScoped: true,
    operationId: "listCharges",
    summary: "List charges",
    tag: "Billing",
    response: R.ChargeList,
    query: { ...pageParams, ...chargeFilters },
    description: `Every charge and refund of the team, one line per gift a charge paid for and one per refund, newest first, each naming its gift, batch, ledger entry and the credential that caused it. The lines add up to the team's ledger to the cent. ${CHARGES_ACCESS}`,
    extraErrors: chargeErrors,
  },
  {
    method: "get",
    path: "/charges.csv",
    teamScoped: true,
    operationId: "exportCharges",
    summary: "Export charges as CSV",
    tag: "Billing",
    response: R.ChargeCsv,
    mediaType: "text/csv",
    query: chargeFilters,
    description: `The lines of \`GET /charges\` with the same filters, all of them (no pagination: \`page[…]\` is a 400), as a CSV download, streamed. Errors are JSON:API documents as everywhere. ${CHARGES_ACCESS}`,
    extraErrors: chargeErrors,
  },
  {
    method: "get",
    path: "/webhook-endpoints",
    teamScoped: true,
    operationId: "listWebhookEndpoints",
    summary: "List webhook endpoints",
    tag: "Webhooks",
    response: R.WebhookEndpointList,
  },
  {
    method: "post",
    path: "/webhook-endpoints",
    teamScoped: true,
    operationId: "createWebhookEndpoint",
    summary: "Create a webhook endpoint",
    tag: "Webhooks",
    response: R.WebhookEndpointDocument,
    body: webhookEndpointBody,
    description: `The response carries the signing secret, once. ${OWNERS_ONLY}`,
    extraErrors: ownerErrors,
  },
  {
    method: "get",
    path: "/webhook-endpoints/{id}",
    teamScoped: true,
    operationId: "getWebhookEndpoint",
    summary: "Get a webhook endpoint",
    tag: "Webhooks",
    response: R.WebhookEndpointDocument,
    pathParams: endpointIdParam,
  },
  {
    method: "patch",
    path: "/webhook-endpoints/{id}",
    teamScoped: true,
    operationId: "updateWebhookEndpoint",
    summary: "Update a webhook endpoint",
    tag: "Webhooks",
    response: R.WebhookEndpointDocument,
    pathParams: endpointIdParam,
    body: webhookEndpointBody,
    description: OWNERS_ONLY,
    extraErrors: ownerErrors,
  },
  {
    method: "delete",
    path: "/webhook-endpoints/{id}",
    teamScoped: true,
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint",
    tag: "Webhooks",
    response: R.WebhookEndpointDocument,
    pathParams: endpointIdParam,
    description: OWNERS_ONLY,
    extraErrors: ownerErrors,
  },
  {
    method: "post",
    path: "/webhook-endpoints/{id}/rotate-secret",
    teamScoped: true,
    operationId: "rotateWebhookSecret",
    summary: "Rotate the signing secret",
    tag: "Webhooks",
    response: R.WebhookEndpointDocument,
    pathParams: endpointIdParam,
    description: `A new secret, shown once; the old one keeps signing alongside it for 24 hours. ${OWNERS_ONLY}`,
    extraErrors: { ...ownerErrors, "409": errorResponse("Another rotation happened at the same moment.") },
  },
  {
    method: "get",
    path: "/webhook-endpoints/{id}/attempts",
    teamScoped: true,
    operationId: "listWebhookAttempts",
    summary: "List delivery attempts",
    tag: "Webhooks",
    response: R.WebhookAttemptList,
    pathParams: endpointIdParam,
    query: pageParams,
  },
  {
    method: "post",
    path: "/webhook-endpoints/{id}/replay",
    teamScoped: true,
    operationId: "replayWebhookEvents",
    summary: "Replay events",
    tag: "Webhooks",
    response: R.ReplayResult,
    pathParams: endpointIdParam,
    body: replayBody,
    description: OWNERS_ONLY,
    extraErrors: ownerErrors,
  },
];

function operation(e: Endpoint, withTeam: boolean): ZodOpenApiOperationObject {
  const path = { ...(withTeam ? teamIdParam : {}), ...e.pathParams };
  return {
    operationId: withTeam || !e.teamScoped ? e.operationId : `${e.operationId}OnDefaultTeam`,
    summary: withTeam || !e.teamScoped ? e.summary : `${e.summary} (default team)`,
    description:
      [
        e.description,
        e.teamScoped && !withTeam
          ? "Uses the caller's default team: `sandbox` for sandbox tokens, the user's only team for live tokens (400 listing the teams when there are several)."
          : "",
      ]
        .filter(Boolean)
        .join("\n\n") || undefined,
    tags: [e.tag],
    requestParams: {
      ...(Object.keys(path).length ? { path: z.object(path) } : {}),
      ...(e.query ? { query: z.object(e.query) } : {}),
      ...(e.headers ? { header: z.object(e.headers) } : {}),
    },
    ...(e.body
      ? { requestBody: { required: !e.bodyOptional, content: { "application/json": { schema: e.body } } } }
      : {}),
    responses: {
      "200": {
        description: "Success.",
        headers: COMMON_HEADERS,
        content: { [e.mediaType ?? JSON_API]: { schema: e.response } },
      },
      ...ERRORS,
      ...e.extraErrors,
    },
  };
}

/** The OpenAPI paths of ENDPOINTS: team-scoped ones both under /teams/{team_id} and on the default team. */
function paths(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  const add = (path: string, method: Endpoint["method"], op: ZodOpenApiOperationObject) => {
    out[path] = { ...out[path], [method]: op };
  };
  for (const e of ENDPOINTS) {
    if (e.teamScoped) add(`/teams/{team_id}${e.path}`, e.method, operation(e, true));
    add(e.path, e.method, operation(e, false));
  }
  return out;
}

const DESCRIPTION = `Ribbon sends gifts people actually want: create a gift for a recipient, they get an email (or you share a link), open their page and choose a present from a curated collection.

**Documents.** Every response is a JSON:API v1 document (\`application/vnd.api+json\`); attribute names are kebab-case, request fields snake_case. Timestamps are UTC ISO 8601 with milliseconds; money is a decimal string with two fraction digits, in the stated currency.

**Teams.** Every endpoint exists under \`/teams/{team_id}\` and without it (the caller's default team). Live tokens see their user's teams; sandbox tokens see only \`sandbox\` (no charges, no emails). Anything the caller can't see is a 404. A team's members send gifts; its viewers only read them (sending or cancelling is 403 \`member_required\`); its owners also manage its webhook endpoints and see its charges (anyone else gets 403 \`owner_required\` for those). People create teams and invite members on the website (\`/account\`).

**Lists.** Newest first, cursor-paginated: \`page[size]\` (1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}) and \`links.next\`.

**Errors.** Every failure is a JSON:API error document; each entry has a stable \`code\` (${ERROR_CODES.length} of them, each with its meaning, in the reference's error table) and \`links.about\`, its code's row there.`;

/** The OpenAPI 3.1 document of the API, with every URL on APP_URL. */
/** What happened, for each event type that is an action rather than a stage (docs/webhooks.md). */
const ACTION_SUMMARIES: Record<GiftAction, string> = {
  reminded: "a reminder email went to a recipient who hasn't chosen yet",
  updated: "the sender changed a gift",
  resent: "a gift's email was sent again",
  reopened: "an expired gift's expiry was extended, reopening it",
  approved: "an owner approved a gift that waited for approval",
  email_delivered: "the email provider delivered one of the gift's emails to the recipient's inbox",
  email_delayed: "the email provider could not deliver one of the gift's emails yet and keeps trying",
  email_bounced: "one of the gift's emails bounced (a hard bounce of the gift email itself is gift.failed)",
  email_complained: "the recipient marked one of the gift's emails as spam: the address is suppressed, reminders stop",
  unsubscribed: "the recipient stopped the gift's reminders (one-click unsubscribe)",
};

/** Stage events whose move needs more words than their summary ("a gift moved to …"). */
const STAGE_DESCRIPTIONS: Record<string, string> = {
  failed:
    "Its order was refused, the mail transport gave up, or the gift email hard-bounced (then `delivery-issue` says why, the address is suppressed, and correcting it with PATCH `email` sends the gift again: gift.sent).",
};

/** A webhook's summary: a stage's event says where the gift moved, an action's what happened. */
const eventSummary = (type: string) => {
  const name = type.slice("gift.".length);
  const action = GIFT_ACTIONS.find((a) => a === name);
  return `${type}: ${action ? ACTION_SUMMARIES[action] : `a gift moved to ${name}`}`;
};

export function openApiDocument() {
  const base = config.appUrl;
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Ribbon API",
      version: "1.0.0",
      description: DESCRIPTION,
      contact: { name: "Ribbon", url: `${base}/docs` },
      license: { name: "Proprietary", url: `${base}/docs` },
      // Every error code with its status and meaning, for machines; /docs renders the same table.
      "x-error-codes": ERROR_CODES,
    },
    servers: [{ url: `${base}/api/v1`, description: "This Ribbon" }],
    tags: [
      { name: "Gifts", description: "Create, list, fetch, change, resend and cancel gifts." },
      {
        name: "Catalogue",
        description: "What a team can send: teams, collections, designs, logos, past messages, charities.",
      },
      { name: "Events", description: "Every stage change of a gift, and sandbox simulation." },
      {
        name: "Billing",
        description: "The team's charges and refunds, itemised per gift, as JSON:API or CSV (owners only).",
      },
      {
        name: "Webhooks",
        description:
          "Gift events pushed to your URLs, signed with the Standard Webhooks scheme and retried for about 3 days.",
      },
      {
        name: "Deliverability",
        description:
          "The team's suppression list: addresses that hard-bounced, complained, or that the team chose not to email.",
      },
      {
        name: "Privacy",
        description: "Recipients' personal data: how long it is kept, and erasing one person's (docs/privacy.md).",
      },
    ],
    security: [{ bearer: [] }, { accessToken: [] }, { oauth2: [] }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "`Authorization: Bearer <token>`: a developer token (`rbn_live_…`, `rbn_sbox_…`) or an OAuth access token (`rbn_oat_…`). Each user has one live and one sandbox token, made on the account page. Rolling them issues a new pair; the old pair stops at once, or 24 hours later when the roll keeps it (then 401 `The access token has expired`). Revoking stops both at once.",
        },
        accessToken: {
          type: "apiKey",
          in: "query",
          name: "access_token",
          description: "The same token as a query parameter (the header wins when both are sent).",
        },
        oauth2: {
          type: "oauth2",
          description:
            "Authorization code flow for third-party applications, with PKCE (S256). Metadata: `/.well-known/oauth-authorization-server`.",
          flows: {
            authorizationCode: {
              authorizationUrl: `${base}/oauth2/authorize`,
              tokenUrl: `${base}/oauth2/token`,
              scopes: {},
            },
          },
        },
      },
    },
    paths: paths(),
    webhooks: Object.fromEntries(
      EVENT_TYPES.map((type) => [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(".", "_")}`,
            summary: eventSummary(type),
            description: STAGE_DESCRIPTIONS[type.slice("gift.".length)],
            tags: ["Webhooks"],
            requestBody: { content: { "application/json": { schema: R.WebhookPayload } } },
            responses: {
              "200": {
                description: "Any 2xx acknowledges the event; anything else (or no answer in 10 s) is retried.",
              },
            },
          },
        },
      ]),
    ),
  });
}
