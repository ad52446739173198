// Reminder emails while a gift waits to be chosen: the cadence, quiet hours, the sweep, the team default.
export { expiryInstant, outsideQuietHours, reminderSchedule, type ReminderGift } from "./cadence";
export { remindDueGifts, type RemindOptions, type RemindSummary } from "./remind";
export {
  parseReminderSettings,
  readReminderSettings,
  updateReminderSettings,
  type ReminderSettings,
} from "./team-cadence";
