import type { ReminderSettings } from "@/lib/reminders";
import type { ResourceObject } from "./resource";

/** A team's reminder settings, as a `reminder-settings` resource (its id is the team's). */
export function serializeReminderSettings(settings: ReminderSettings): ResourceObject {
  return {
    type: "reminder-settings",
    id: settings.teamId,
    attributes: { cadence: settings.cadence, "quiet-hours": settings.quietHours },
  };
}
