// Recipients' personal data: the team's retention, the erasure of one person, the retention job (docs/privacy.md).
export { eraseExpiredRecipientData, eraseGifts, erasePerson, FINAL_STAGES, type ErasureSummary } from "./erase";
export {
  MAX_RETENTION_DAYS,
  readPrivacySettings,
  requestErasure,
  updatePrivacySettings,
  type PrivacySettings,
} from "./settings";
