// Webhooks: endpoints, the outbox reader (fan-out), the delivery worker, replays. See docs/webhooks.md.
export { EVENT_TYPES, isEventType, eventTypeOf, type EventType } from "./event-types";
export { parseEndpointInput, type EndpointInput } from "./schema";
export { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint, MAX_ENDPOINTS, ROTATION_GRACE_MS, type EndpointView } from "./endpoints";
export { fanOutEvents } from "./fan-out";
export { deliverDueWebhooks, claimDeliveries, messageId, RETRY_SCHEDULE_MS, MAX_ATTEMPTS, DISABLE_AFTER_MS, LEASE_MS, type AttemptResult, type WebhookWorkerOptions } from "./deliver";
export { runWebhooks, type WebhookRunSummary } from "./run";
export { parseReplayInput, replayEvents, REPLAY_WINDOW_MS, MAX_REPLAY_EVENTS } from "./replay";
export { listAttempts, type AttemptView } from "./attempts";
export { allowPrivateAddresses } from "./settings";
export { postWebhook, TIMEOUT_MS } from "./send";
export { isPublicAddress } from "./address-policy";
export { listEvents, readEventFilter, type EventFilter, type EventView } from "./event-feed";
export { listEndpointsForUser, sendTestEvent } from "./account";
