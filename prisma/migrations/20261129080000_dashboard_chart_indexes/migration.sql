-- The dashboard's activity chart (activityPerDay) counts a view's gifts sent, opened and
-- redeemed on each day of its range. At 1,000,000 gifts it read far more than it counted:
--
-- Sent: "teamId" = $1 AND "livemode" AND "sentAt" in the range. With no index on "sentAt" it
-- read every gift in the table (360 ms a page on PostgreSQL). Only gifts that were sent have a
-- "sentAt": the others pay nothing for this index.
CREATE INDEX "Gift_teamId_sentAt_idx" ON "Gift"("teamId", "sentAt") INCLUDE ("livemode") WHERE "sentAt" IS NOT NULL;

-- Opened and redeemed: the first such event of each gift in the range. "GiftEvent_createdAt_id_idx"
-- read every event of those days (a gift's creation, sending, reminders…) to keep the few
-- openings and redemptions: a day with 345,600 new gifts read 345,600 events. This index holds
-- only the events the chart counts.
CREATE INDEX "GiftEvent_chart_createdAt_idx" ON "GiftEvent"("createdAt") INCLUDE ("giftId", "stage")
  WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL;
