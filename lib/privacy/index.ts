// Recipients' personal data: the team's retention, the erasure of one person, the retention job (docs/privacy.md).
export {
  continueErasures,
  eraseExpiredRecipientData,
  eraseGifts,
  erasePerson,
  FINAL_STAGES,
  finishErasure,
  readErasure,
  runErasure,
  type Erasure,
  type ErasureStatus,
  type ErasureSummary,
} from "./erase";
export { COLUMNS, ERASURE_TABLES } from "./columns";
export {
  ERASURE_ANSWER_BUDGET_MS,
  erasureOf,
  MAX_RETENTION_DAYS,
  readPrivacySettings,
  requestErasure,
  updatePrivacySettings,
  type PrivacySettings,
} from "./settings";
