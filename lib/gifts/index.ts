export { cancelGift } from "./cancel";
export { createGifts, type CreateGiftsInput } from "./create";
export { decodeCursor, encodeCursor, type Cursor } from "./cursor";
export { listMessages } from "./messages";
export { getGift, listGifts, loadGifts, type GiftFilter } from "./queries";
export { MAX_BULK_RECIPIENTS, parseBulkGifts, parseSingleGift } from "./schema";
export { isStage, STAGES, type Stage } from "./stages";
export { untieUrl } from "./untie";
export type { GiftView } from "./view";
