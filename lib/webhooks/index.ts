// Webhooks: endpoints, the outbox reader (fan-out), the delivery worker, replays, the event feed. See docs/webhooks.md.
export { EVENT_TYPES, eventTypeOf, type EventType } from "./event-types";
export { parseEndpointInput } from "./schema";
export {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  MAX_ENDPOINTS,
  type EndpointView,
} from "./endpoints";
export { messageId } from "./deliver";
export { runWebhooks } from "./run";
export { parseReplayInput, replayEvents } from "./replay";
export { listAttempts, type AttemptView } from "./attempts";
export { teamWebhooks, type RecentAttempt, type TeamWebhook } from "./team-webhooks";
export { allowPrivateAddresses } from "./settings";
export { listEvents, readEventFilter, type EventView } from "./event-feed";
export { listEndpointsForUser, sendTestEvent } from "./account";
