// Names for the OpenAPI document's types (src/generated/openapi.ts, made by `npm run client:types`).
import type { components, operations } from "./generated/openapi.js";

export type { components, operations, paths, webhooks } from "./generated/openapi.js";

type Schemas = components["schemas"];

/** What every call answers: the response document, plus the `Request-Id` the server gave it. */
export type Result<T> = T & {
  /** The server's `Request-Id` (`req_…`) for this call: quote it when you contact support. */
  readonly requestId: string | null;
};

/** The JSON body an operation takes. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** The document an operation answers with on success. */
export type ResponseDocument<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { "application/vnd.api+json": infer D } } };
}
  ? D
  : never;

type Query<Op extends keyof operations> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/**
 * A list's parameters, named as in prose: each `filter[x]` of the operation becomes `x`,
 * `page[size]` is `pageSize` and `page[after]` is `after` (a cursor to start from).
 */
export type ListParams<Op extends keyof operations> = {
  [K in keyof Query<Op> as K extends `filter[${infer F}]` ? F : never]?: Query<Op>[K];
} & { pageSize?: number; after?: string };

export type Team = Schemas["Team"];
export type Collection = Schemas["CollectionWithProducts"];
export type Product = Schemas["Product"];
export type Design = Schemas["Design"];
export type Logo = Schemas["Logo"];
export type Charity = Schemas["Charity"];
export type Message = Schemas["Message"];
export type Gift = Schemas["Gift"];
export type GiftEvent = Schemas["Event"];
export type Batch = Schemas["Batch"];
export type Charge = Schemas["Charge"];
export type Suppression = Schemas["Suppression"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookAttempt = Schemas["WebhookAttempt"];
/** A webhook delivery's body, as `verifyWebhook` returns it. */
export type WebhookEvent = Schemas["WebhookPayload"];
export type ErrorDocument = Schemas["ErrorDocument"];

export type GiftDocument = Schemas["GiftDocument"];
export type GiftList = Schemas["GiftList"];
export type PriceQuote = Schemas["PriceQuote"];

/** `ribbon.gifts.create(…)`: the fields of `{"gift": {…}}`. */
export type CreateGiftParams = RequestBody<"createGiftOnDefaultTeam">["gift"];
/** `ribbon.gifts.bulk(…)`: the shared fields and `recipients_attributes`. */
export type BulkGiftsParams = RequestBody<"createGiftsOnDefaultTeam">["gift"];
/** `ribbon.gifts.update(id, …)`: only the fields to change. */
export type UpdateGiftParams = RequestBody<"updateGiftOnDefaultTeam">["gift"];
export type SimulateParams = RequestBody<"simulateGiftOnDefaultTeam">;
export type BudgetParams = RequestBody<"updateBudgetOnDefaultTeam">["budget"];
export type ReminderSettingsParams = RequestBody<"updateReminderSettingsOnDefaultTeam">["reminders"];
export type SwapCollectionsParams = RequestBody<"updateSwapCollectionsOnDefaultTeam">["swap_collections"];
export type PrivacyParams = RequestBody<"updatePrivacySettingsOnDefaultTeam">["privacy"];
/**
 * `webhookEndpoints.create(…)` and `.update(id, …)`. The document lists every field as required,
 * but the server takes `url` alone on create (`event_types` default to all, `enabled` to true)
 * and any of them on update, so they are optional here.
 */
export type WebhookEndpointParams = Partial<RequestBody<"createWebhookEndpointOnDefaultTeam">["webhook_endpoint"]>;
export type CreateWebhookEndpointParams = WebhookEndpointParams & { url: string };
export type ReplayParams = RequestBody<"replayWebhookEventsOnDefaultTeam">;
