-- An event that is not a stage change (a reminder, an edit, a resend, an approval) names its
-- action; the stage is then the gift's stage at that moment. NULL: a stage change.
ALTER TABLE "GiftEvent" ADD COLUMN "action" TEXT;
