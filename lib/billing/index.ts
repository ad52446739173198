export {
  assertCardOnFile,
  chargedBy,
  chargeInsertSql,
  chargeTeam,
  checkCharge,
  refundGift,
  SYSTEM,
  type ChargeConversion,
  type ChargedBy,
  type ChargeInput,
} from "./charge";
export {
  approvalReason,
  approvalThresholds,
  parseBudgetBody,
  quoteBudget,
  readBudget,
  setBudget,
  updateBudget,
  type Budget,
  type BudgetChanges,
  type BudgetUse,
} from "./budget";
export {
  capsFromJson,
  capsStanding,
  type CapsStanding,
  capsToJson,
  capsWithin,
  describeCaps,
  hasCaps,
  parseCaps,
  quoteCaps,
  type CapsUse,
  type SpendCaps,
} from "./caps";
export { holdForApproval } from "./hold";
export {
  readSpendControls,
  spendControlsFromRow,
  spendControlsNeedLock,
  spendControlsSql,
  spendControlsUnchangedSql,
  type SpendControls,
  type SpendControlsRow,
} from "./controls";
export { setCard } from "./set-card";
export { describeCard, recentCharges, setTeamCard, teamCard, type CardView, type ChargeView } from "./card";
export { DECLINING_TEST_CARDS, parseCardNumber } from "./test-cards";
export { parseExpiry } from "./expiry";
export {
  chargePages,
  LEDGER_ITEM_ID,
  listCharges,
  type LedgerCursor,
  type LedgerFilter,
  type LedgerItem,
  type LedgerReader,
} from "./ledger";
