export {
  approvalOutcome,
  approveGift,
  expireUnapprovedGifts,
  parseRejection,
  rejectGift,
  APPROVAL_WINDOW_DAYS,
  type ApprovalOutcome,
} from "./approvals";
export { approveBatch, rejectBatch, type BatchDecision } from "./batch-approvals";
export { getBatch, type BatchView } from "./batches";
export { cancelGift } from "./cancel";
export {
  actOnGifts,
  bulkGiftIds,
  MAX_BULK_GIFTS,
  storedBulkOutcome,
  type BulkAction,
  type BulkOutcome,
  type BulkRefusal,
} from "./bulk-actions";
export { EVENT_TYPES, eventTypeOf, GIFT_ACTIONS, recordGiftEvent, type EventType, type GiftAction } from "./events";
export { createGifts, suppressedMessage, type CreateGiftsInput } from "./create";
export { byCollection, createBatch, type BatchGroup, type CreateBatchInput, type CreatedBatch } from "./create-batch";
export { giftPrice, type GiftPrice, type PriceQuote } from "./price";
export { perGiftInCurrency, teamCurrency } from "./conversion";
export { quoteGifts } from "./quote";
export { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, type Cursor } from "./cursor";
export { listMessages } from "./messages";
export { currentUntieUrls, getGift, loadGifts, visibleGifts } from "./queries";
export { listGifts, type GiftFilter } from "./list-gifts";
export { MAX_BULK_RECIPIENTS, parseBulkGifts, parseSingleGift } from "./schema";
export { isStage, STAGES, type Stage } from "./stages";
export { untieUrl } from "@/lib/untie";
export type { GiftView } from "./view";
export { canExtendExpiry, updateGift, type GiftUpdate, type UpdatedGift } from "./update";
export {
  giftChangesBody,
  parseGiftChanges,
  REOPEN_WINDOW_DAYS,
  readGiftChanges,
  type GiftChanges,
} from "./update-schema";
export { resendGift, type ResentGift } from "./resend";
export { mayChangeGift, mayHoldUntieLink } from "./changer";
