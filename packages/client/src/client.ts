import { Transport, withRequestId, type ClientOptions, type RequestOptions } from "./http.js";
import { listQuery, Paginated } from "./pagination.js";
import type * as T from "./types.js";
import { verifyWebhook, type VerifyOptions, type WebhookHeaders } from "./webhooks.js";

type Doc<Op extends keyof T.operations> = T.ResponseDocument<Op>;
type Result<D> = T.Result<D>;
/** Per-call options of the calls that create gifts: `dryRun: true` checks and prices, and creates nothing. */
export type CreateOptions = RequestOptions & { dryRun?: boolean };

/** What each resource needs: the transport and where the team's paths start. */
class Scope {
  constructor(
    readonly transport: Transport,
    readonly team: string | undefined,
  ) {}
  /** `/gifts` → `/teams/<team>/gifts` when the client names a team. */
  path(path: string): string {
    return this.team === undefined ? path : `/teams/${encodeURIComponent(this.team)}${path}`;
  }
  get<D>(path: string, options?: RequestOptions, query?: URLSearchParams): Promise<Result<D>> {
    return this.transport.document<D>({ method: "GET", path: this.path(path), query }, options);
  }
  post<D>(path: string, json: unknown, options?: RequestOptions, query?: URLSearchParams) {
    return this.transport.document<D>({ method: "POST", path: this.path(path), json, query }, options);
  }
  patch<D>(path: string, json: unknown, options?: RequestOptions): Promise<Result<D>> {
    return this.transport.document<D>({ method: "PATCH", path: this.path(path), json }, options);
  }
  delete<D>(path: string, options?: RequestOptions): Promise<Result<D>> {
    return this.transport.document<D>({ method: "DELETE", path: this.path(path) }, options);
  }
  list<Item, D extends { data: Item[] }>(path: string, params: object | undefined, options?: RequestOptions) {
    return new Paginated<Item, D>(this.transport, this.path(path), listQuery({ ...params }), options);
  }
}

const id = (value: string) => encodeURIComponent(value);
const dryRun = (options?: CreateOptions) =>
  options?.dryRun === undefined ? undefined : new URLSearchParams({ dry_run: String(options.dryRun) });

export class Gifts {
  constructor(private readonly scope: Scope) {}

  /** Creates one gift (`POST /gifts`); with `{dryRun: true}`, checks it and answers the price instead. */
  create(gift: T.CreateGiftParams, options?: RequestOptions & { dryRun?: false }): Promise<Result<T.GiftDocument>>;
  create(gift: T.CreateGiftParams, options: RequestOptions & { dryRun: true }): Promise<Result<T.PriceQuote>>;
  create(gift: T.CreateGiftParams, options?: CreateOptions): Promise<Result<T.GiftDocument | T.PriceQuote>> {
    return this.scope.post("/gifts", { gift }, options, dryRun(options));
  }

  /** Creates gifts for many recipients, all or nothing, one charge (`POST /bulk/gifts`). */
  bulk(gifts: T.BulkGiftsParams, options?: RequestOptions & { dryRun?: false }): Promise<Result<T.GiftList>>;
  bulk(gifts: T.BulkGiftsParams, options: RequestOptions & { dryRun: true }): Promise<Result<T.PriceQuote>>;
  bulk(gifts: T.BulkGiftsParams, options?: CreateOptions): Promise<Result<T.GiftList | T.PriceQuote>> {
    return this.scope.post("/bulk/gifts", { gift: gifts }, options, dryRun(options));
  }

  /** The team's gifts, newest first: `for await (const gift of ribbon.gifts.list({stage: "sent"}))`. */
  list(params?: T.ListParams<"listGiftsOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.Gift, T.GiftList>("/gifts", params, options);
  }

  get(giftId: string, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.get(`/gifts/${id(giftId)}`, options);
  }

  /** Cancels a gift not yet redeemed, and refunds it (`DELETE /gifts/:id`). */
  cancel(giftId: string, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.delete(`/gifts/${id(giftId)}`, options);
  }

  /** Changes the given fields only (`PATCH /gifts/:id`). */
  update(giftId: string, changes: T.UpdateGiftParams, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.patch(`/gifts/${id(giftId)}`, { gift: changes }, options);
  }

  /** Sends the gift email again (`POST /gifts/:id/resend`). */
  resend(giftId: string, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.post(`/gifts/${id(giftId)}/resend`, undefined, options);
  }

  /** Approves a gift waiting for approval (owners). */
  approve(giftId: string, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.post(`/gifts/${id(giftId)}/approve`, undefined, options);
  }

  /** Rejects a gift waiting for approval (owners), with an optional reason. */
  reject(giftId: string, reason?: string | null, options?: RequestOptions): Promise<Result<T.GiftDocument>> {
    return this.scope.post(`/gifts/${id(giftId)}/reject`, reason === undefined ? {} : { reason }, options);
  }

  /** Sandbox: moves a gift to a stage (`{stage: "redeemed"}`) or advances its test clock (`{advance: "P7D"}`). */
  simulate(
    giftId: string,
    params: T.SimulateParams,
    options?: RequestOptions,
  ): Promise<Result<Doc<"simulateGiftOnDefaultTeam">>> {
    return this.scope.post(`/gifts/${id(giftId)}/simulate`, params, options);
  }

  /** One gift's events, oldest first. */
  events(giftId: string, params?: T.ListParams<"listGiftEventsOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.GiftEvent, Doc<"listGiftEventsOnDefaultTeam">>(
      `/gifts/${id(giftId)}/events`,
      params,
      options,
    );
  }
}

export class Batches {
  constructor(private readonly scope: Scope) {}
  get(batchId: string, options?: RequestOptions): Promise<Result<Doc<"getBatchOnDefaultTeam">>> {
    return this.scope.get(`/batches/${id(batchId)}`, options);
  }
  /** Approves every gift of the batch waiting for approval: one charge (owners). */
  approve(batchId: string, options?: RequestOptions): Promise<Result<Doc<"approveBatchOnDefaultTeam">>> {
    return this.scope.post(`/batches/${id(batchId)}/approve`, undefined, options);
  }
  reject(
    batchId: string,
    reason?: string | null,
    options?: RequestOptions,
  ): Promise<Result<Doc<"rejectBatchOnDefaultTeam">>> {
    return this.scope.post(`/batches/${id(batchId)}/reject`, reason === undefined ? {} : { reason }, options);
  }
}

/** A list returned whole (teams, collections, designs, logos, charities, webhook endpoints). */
class WholeList<Op extends keyof T.operations> {
  constructor(
    private readonly scope: Scope,
    private readonly at: string,
    private readonly teamScoped = true,
  ) {}
  list(options?: RequestOptions): Promise<Result<Doc<Op>>> {
    const path = this.teamScoped ? this.scope.path(this.at) : this.at;
    return this.scope.transport.document({ method: "GET", path }, options);
  }
}

/** A team setting read with `get()` and set with `update()` (`PATCH`, body `{"<key>": {…}}`). */
class Setting<Op extends keyof T.operations, Params> {
  constructor(
    private readonly scope: Scope,
    private readonly at: string,
    private readonly key: string,
  ) {}
  get(options?: RequestOptions): Promise<Result<Doc<Op>>> {
    return this.scope.get(this.at, options);
  }
  /** Owners only. */
  update(params: Params, options?: RequestOptions): Promise<Result<Doc<Op>>> {
    return this.scope.patch(this.at, { [this.key]: params }, options);
  }
}

export class Messages {
  constructor(private readonly scope: Scope) {}
  /** The calling user's past gift messages in the team, newest first. */
  list(params?: T.ListParams<"listMessagesOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.Message, Doc<"listMessagesOnDefaultTeam">>("/messages", params, options);
  }
}

export class Events {
  constructor(private readonly scope: Scope) {}
  /** The team's events, newest first (`{type: "gift.sent"}`, `{gift: "gft_…"}`). */
  list(params?: T.ListParams<"listEventsOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.GiftEvent, Doc<"listEventsOnDefaultTeam">>("/events", params, options);
  }
}

export class Charges {
  constructor(private readonly scope: Scope) {}
  /** The ledger, one line per gift a charge paid for and per refund, newest first (owners). */
  list(params?: T.ListParams<"listChargesOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.Charge, Doc<"listChargesOnDefaultTeam">>("/charges", params, options);
  }
  /** The same lines as CSV (`GET /charges.csv`): the filters of `list`, no pages. */
  async export(
    params?: Omit<T.ListParams<"exportChargesOnDefaultTeam">, "pageSize" | "after">,
    options?: RequestOptions,
  ): Promise<Result<{ csv: string }>> {
    const { body, requestId } = await this.scope.transport.send<string>(
      { method: "GET", path: this.scope.path("/charges.csv"), query: listQuery({ ...params }), accept: "text" },
      options,
    );
    return withRequestId({ csv: body }, requestId);
  }
}

export class Suppressions {
  constructor(private readonly scope: Scope) {}
  /** The team's suppression list, newest first. */
  list(params?: T.ListParams<"listSuppressionsOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.Suppression, Doc<"listSuppressionsOnDefaultTeam">>("/suppressions", params, options);
  }
  /** Adds addresses (up to 10,000; adding is idempotent). Answers the first page, with `meta.added` and `meta.given`. */
  add(emails: readonly string[], options?: RequestOptions): Promise<Result<Doc<"addSuppressionsOnDefaultTeam">>> {
    return this.scope.post("/suppressions", { suppressions: emails.map((email) => ({ email })) }, options);
  }
  /** Adds the addresses of a CSV file (the column `email`, or the first; at most 1 MB). */
  addCsv(csv: string, options?: RequestOptions): Promise<Result<Doc<"addSuppressionsOnDefaultTeam">>> {
    return this.scope.transport.document(
      { method: "POST", path: this.scope.path("/suppressions"), raw: { body: csv, contentType: "text/csv" } },
      options,
    );
  }
  remove(email: string, options?: RequestOptions): Promise<Result<Doc<"removeSuppressionOnDefaultTeam">>> {
    return this.scope.delete(`/suppressions/${id(email)}`, options);
  }
}

export class Erasures {
  constructor(private readonly scope: Scope) {}
  /** Erases one person's data (docs/privacy.md): `completed`, or `in_progress` to poll with `get`. */
  create(
    params: T.RequestBody<"eraseRecipientOnDefaultTeam">,
    options?: RequestOptions,
  ): Promise<Result<Doc<"eraseRecipientOnDefaultTeam">>> {
    return this.scope.post("/erasures", params, options);
  }
  get(erasureId: string, options?: RequestOptions): Promise<Result<Doc<"getErasureOnDefaultTeam">>> {
    return this.scope.get(`/erasures/${id(erasureId)}`, options);
  }
}

export class WebhookEndpoints {
  constructor(private readonly scope: Scope) {}
  list(options?: RequestOptions): Promise<Result<Doc<"listWebhookEndpointsOnDefaultTeam">>> {
    return this.scope.get("/webhook-endpoints", options);
  }
  /** Creates an endpoint; its signing secret (`whsec_…`) is in the answer this once. */
  create(
    params: T.CreateWebhookEndpointParams,
    options?: RequestOptions,
  ): Promise<Result<Doc<"createWebhookEndpointOnDefaultTeam">>> {
    return this.scope.post("/webhook-endpoints", { webhook_endpoint: params }, options);
  }
  get(endpointId: string, options?: RequestOptions): Promise<Result<Doc<"getWebhookEndpointOnDefaultTeam">>> {
    return this.scope.get(`/webhook-endpoints/${id(endpointId)}`, options);
  }
  update(
    endpointId: string,
    params: T.WebhookEndpointParams,
    options?: RequestOptions,
  ): Promise<Result<Doc<"updateWebhookEndpointOnDefaultTeam">>> {
    return this.scope.patch(`/webhook-endpoints/${id(endpointId)}`, { webhook_endpoint: params }, options);
  }
  delete(endpointId: string, options?: RequestOptions): Promise<Result<Doc<"deleteWebhookEndpointOnDefaultTeam">>> {
    return this.scope.delete(`/webhook-endpoints/${id(endpointId)}`, options);
  }
  /** A new signing secret, in the answer this once; the previous one keeps signing for a while. */
  rotateSecret(endpointId: string, options?: RequestOptions): Promise<Result<Doc<"rotateWebhookSecretOnDefaultTeam">>> {
    return this.scope.post(`/webhook-endpoints/${id(endpointId)}/rotate-secret`, undefined, options);
  }
  /** The endpoint's delivery attempts, newest first. */
  attempts(endpointId: string, params?: T.ListParams<"listWebhookAttemptsOnDefaultTeam">, options?: RequestOptions) {
    return this.scope.list<T.WebhookAttempt, Doc<"listWebhookAttemptsOnDefaultTeam">>(
      `/webhook-endpoints/${id(endpointId)}/attempts`,
      params,
      options,
    );
  }
  /** Sends every event since a time (at most 30 days ago) again. */
  replay(
    endpointId: string,
    params: T.ReplayParams,
    options?: RequestOptions,
  ): Promise<Result<Doc<"replayWebhookEventsOnDefaultTeam">>> {
    return this.scope.post(`/webhook-endpoints/${id(endpointId)}/replay`, params, options);
  }
}

export class Webhooks {
  /** Verifies a delivery (Standard Webhooks) and answers its event; see `verifyWebhook`. */
  verify(
    body: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
    secrets: string | readonly string[],
    options?: VerifyOptions,
  ): Promise<T.WebhookEvent> {
    return verifyWebhook(body, headers, secrets, options);
  }
}

/**
 * The Ribbon API. `new Ribbon({apiKey, baseUrl})`; every call answers the JSON:API document
 * (with `requestId`) or throws a `RibbonError`.
 */
export class Ribbon {
  readonly gifts: Gifts;
  readonly batches: Batches;
  readonly teams: WholeList<"listTeams">;
  readonly collections: WholeList<"listCollectionsOnDefaultTeam">;
  readonly designs: WholeList<"listDesignsOnDefaultTeam">;
  readonly logos: WholeList<"listLogosOnDefaultTeam">;
  readonly charities: WholeList<"listCharities">;
  readonly messages: Messages;
  readonly events: Events;
  readonly budget: Setting<"getBudgetOnDefaultTeam", T.BudgetParams>;
  readonly reminders: Setting<"getReminderSettingsOnDefaultTeam", T.ReminderSettingsParams>;
  readonly swapCollections: Setting<"getSwapCollectionsOnDefaultTeam", T.SwapCollectionsParams>;
  readonly privacy: Setting<"getPrivacySettingsOnDefaultTeam", T.PrivacyParams>;
  readonly suppressions: Suppressions;
  readonly erasures: Erasures;
  readonly charges: Charges;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly webhooks = new Webhooks();
  /** The team this client acts on, or undefined for the token's default team. */
  readonly team: string | undefined;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions) {
    this.options = options;
    this.team = options.team;
    const scope = new Scope(new Transport(options), options.team);
    this.gifts = new Gifts(scope);
    this.batches = new Batches(scope);
    this.teams = new WholeList(scope, "/teams", false);
    this.collections = new WholeList(scope, "/collections");
    this.designs = new WholeList(scope, "/designs");
    this.logos = new WholeList(scope, "/logos");
    this.charities = new WholeList(scope, "/charities", false);
    this.messages = new Messages(scope);
    this.events = new Events(scope);
    this.budget = new Setting(scope, "/budget", "budget");
    this.reminders = new Setting(scope, "/reminders", "reminders");
    this.swapCollections = new Setting(scope, "/swap-collections", "swap_collections");
    this.privacy = new Setting(scope, "/privacy", "privacy");
    this.suppressions = new Suppressions(scope);
    this.erasures = new Erasures(scope);
    this.charges = new Charges(scope);
    this.webhookEndpoints = new WebhookEndpoints(scope);
  }

  /** The same client acting on another team (`/teams/<teamId>/…`): `ribbon.forTeam("acme-rockets").gifts.list()`. */
  forTeam(teamId: string): Ribbon {
    return new Ribbon({ ...this.options, team: teamId });
  }
}
