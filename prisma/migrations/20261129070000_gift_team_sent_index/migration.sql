-- The dashboard's activity chart counts a view's gifts sent on each day of its range
-- (activityPerDay: "teamId" = $1 AND "livemode" AND "sentAt" in the range). Without an index on
-- "sentAt" it read every gift in the table: 360 ms a page at 1,000,000 gifts on PostgreSQL. Only
-- gifts that were sent have a "sentAt": the others pay nothing for this index.
CREATE INDEX "Gift_teamId_sentAt_idx" ON "Gift"("teamId", "sentAt") INCLUDE ("livemode") WHERE "sentAt" IS NOT NULL;
