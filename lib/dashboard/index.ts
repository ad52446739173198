export {
  batchAwaitingApproval,
  dashboardBatches,
  dashboardGiftPages,
  dashboardGifts,
  dashboardGiftsAndFunnel,
  DASHBOARD_PAGE_SIZE,
  type DashboardGiftRow,
} from "./gifts";
export { EXPORT_COLUMNS, exportRow } from "./export";
export { dashboardBoard, type Board } from "./board";
export { dashboardFunnel, FUNNEL_EXITS, FUNNEL_PATH, type Funnel, type FunnelStep } from "./funnel";
export { dashboardGift, type DashboardGift, type TimelineEntry } from "./gift-detail";
export { modeOf, MAX_SEARCH_LENGTH, readDashboardQuery, type QueryProblem } from "./query";
export { dashboardHref, dashboardSearch, type DashboardMode, type DashboardQuery } from "@/lib/gifts/dashboard-links";
export {
  fieldErrors,
  PAST_SEND_TIME,
  previewGift,
  SEND_FIELDS,
  sendGiftOnce,
  type FieldErrors,
  type PreviewPrice,
  type SendField,
  type SendFields,
} from "./send";
export { isFormKey, oncePerForm } from "./form-key";
export { teamOverview, type TeamOverview } from "./team-overview";
export { confirmUpload, MAX_UPLOAD_BYTES, previewUpload, type ConfirmUploadInput, type UploadPreview } from "./upload";
export { giftStageLabel, STAGE_LABELS, stageLabel } from "./stage-labels";
export { activityPerDay, chartDays, MAX_CHART_DAYS, spendThisMonth, type ActivityDay, type SpendDay } from "./charts";
export {
  campaign,
  CAMPAIGNS_PAGE_SIZE,
  isBatchId,
  listCampaigns,
  NOT_OPENED_PAGE_SIZE,
  notOpened,
  type Campaign,
  type CampaignRow,
  type NotOpenedRow,
} from "./campaigns";
export {
  campaignReminders,
  queueCampaignReminders,
  REMIND_CHUNK,
  sendCampaignReminders,
  type CampaignReminders,
  type QueuedReminders,
} from "./campaign-reminders";
export { teamSenders, type SenderRow } from "./senders";
export { actOnGiftsOnce, MAX_BULK_GIFTS, selectionPreview, viewGiftIds, type SelectionPreview } from "./bulk";
export {
  deleteView,
  listSavedViews,
  MAX_SAVED_VIEWS,
  MAX_VIEW_NAME,
  saveView,
  VIEW_NAME_RULE,
  type SavedView,
} from "./saved-views";
export { decodeSortCursor, encodeSortCursor } from "./sort";
