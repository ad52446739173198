// @ribbon/client: the typed client of the Ribbon API (https://jsonapi.org documents under /api/v1).
export { Ribbon } from "./client.js";
export type {
  Batches,
  Charges,
  CreateOptions,
  Erasures,
  Events,
  Gifts,
  Messages,
  Suppressions,
  WebhookEndpoints,
  Webhooks,
} from "./client.js";
export { RibbonConnectionError, RibbonError, RibbonTimeoutError, type RibbonProblem } from "./errors.js";
export type { ClientOptions, RequestOptions } from "./http.js";
export { Paginated } from "./pagination.js";
export { verifyWebhook, WebhookVerificationError } from "./webhooks.js";
export type { VerifyOptions, WebhookHeaders, WebhookVerificationCode } from "./webhooks.js";
export type * from "./types.js";
