-- A sender's choice to be emailed when a recipient declines or donates their gift (on by
-- default). A constant default: no rewrite of existing rows.
ALTER TABLE "User" ADD COLUMN "emailOnGiftOutcome" BOOLEAN NOT NULL DEFAULT true;
