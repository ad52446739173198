import type { AttemptView, EndpointView, EventView } from "@/lib/webhooks";
import { eventTypeOf, messageId } from "@/lib/webhooks";
import type { ResourceObject } from "../document";

/** A webhook endpoint; `secret` only in the responses of create and rotate-secret. */
export function serializeEndpoint(e: EndpointView, secret?: string): ResourceObject {
  return {
    type: "webhook-endpoints",
    id: e.id,
    attributes: {
      team: e.teamId,
      url: e.url,
      description: e.description,
      "event-types": e.eventTypes,
      enabled: e.enabled,
      "disabled-reason": e.disabledReason,
      "previous-secret-expires-at": e.previousSecretExpiresAt?.toISOString() ?? null,
      ...(secret ? { secret } : {}),
      "created-at": e.createdAt.toISOString(),
      "updated-at": e.updatedAt.toISOString(),
    },
  };
}

export function serializeAttempt(a: AttemptView): ResourceObject {
  return {
    type: "webhook-attempts",
    id: String(a.id),
    attributes: {
      "webhook-id": messageId(a.delivery.eventId),
      "event-type": a.delivery.eventType,
      attempt: a.attempt,
      succeeded: a.succeeded,
      "response-status": a.responseStatus,
      "duration-ms": a.durationMs,
      "response-body": a.responseBody,
      error: a.error,
      replay: a.delivery.replayId !== "",
      "created-at": a.createdAt.toISOString(),
    },
    relationships: { event: { data: { type: "events", id: String(a.delivery.eventId) } } },
  };
}

export function serializeEvent(e: EventView): ResourceObject {
  return {
    type: "events",
    id: String(e.id),
    attributes: {
      type: eventTypeOf(e),
      stage: e.stage,
      message: e.message,
      "created-at": e.createdAt.toISOString(),
    },
    relationships: { gift: { data: { type: "gifts", id: e.giftId } } },
  };
}
