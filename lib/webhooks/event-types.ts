// Webhook event types are the gift's event types (lib/gifts/events.ts).
export { EVENT_TYPES, eventsOfTypes, eventTypeOf, isEventType, type EventType } from "@/lib/gifts/events";
