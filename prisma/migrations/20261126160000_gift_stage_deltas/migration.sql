-- The funnel's counts without contention. Upserting "GiftStageCount" from the triggers made
-- every stage change of a team's day wait on the same row until its transaction committed: two
-- delivery workers marking gifts sent queued behind each other. Now the triggers only append
-- deltas (inserts never wait on each other), and the compact-stage-counts job folds them into
-- "GiftStageCount". The funnel reads both.
CREATE TABLE "GiftStageDelta" (
    "id" BIGSERIAL NOT NULL,
    "teamId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "stage" TEXT NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "GiftStageDelta_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "GiftStageDelta_teamId_livemode_day_idx" ON "GiftStageDelta"("teamId", "livemode", "day");
ALTER TABLE "GiftStageDelta" ADD CONSTRAINT "GiftStageDelta_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION "gift_stage_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftStageDelta" ("teamId", "senderId", "livemode", "day", "stage", "delta")
  SELECT "teamId", "senderId", "livemode", "createdAt"::date, "stage", count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "gift_stage_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftStageDelta" ("teamId", "senderId", "livemode", "day", "stage", "delta")
  SELECT "teamId", "senderId", "livemode", "createdAt"::date, "stage", -count(*)::int FROM old_rows GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "gift_stage_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftStageDelta" ("teamId", "senderId", "livemode", "day", "stage", "delta")
  VALUES (OLD."teamId", OLD."senderId", OLD."livemode", OLD."createdAt"::date, OLD."stage", -1),
         (NEW."teamId", NEW."senderId", NEW."livemode", NEW."createdAt"::date, NEW."stage", 1);
  RETURN NULL;
END $$;
