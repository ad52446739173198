-- Reminders (lib/reminders) and the sandbox's test clock (lib/simulation/test-clock.ts).
ALTER TABLE "Team" ADD COLUMN "reminderCadence" TEXT[] NOT NULL DEFAULT ARRAY['P3D', 'P7D', '-P2D']::TEXT[];

ALTER TABLE "Gift" ADD COLUMN "reminders" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "timeZone" TEXT,
ADD COLUMN "remindersSent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "nextReminderAt" TIMESTAMP(3),
ADD COLUMN "clockAt" TIMESTAMP(3),
ADD COLUMN "clockLeaseUntil" TIMESTAMP(3);

-- The reminder sweep's query: gifts with a reminder to look at, by when. Only those gifts are in
-- it (the sweep clears the column of a gift past choosing), so it stays small among millions.
CREATE INDEX "Gift_nextReminderAt_idx" ON "Gift"("nextReminderAt") WHERE "nextReminderAt" IS NOT NULL;
