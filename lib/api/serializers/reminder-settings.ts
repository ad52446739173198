import type { ReminderSettings } from "@/lib/reminders";
import { serializeReminderSettings } from "@/lib/representations/reminder-settings";

export const reminderSettingsDocument = (settings: ReminderSettings) => ({ data: serializeReminderSettings(settings) });
