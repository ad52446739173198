-- The dashboard's funnel reads counts, not gifts: how many gifts of a team (and sender, and
-- mode) were created on a day and are now in a stage. Triggers keep it exact whoever writes
-- "Gift": inserts per statement (a 10,000-gift bulk insert is one grouped upsert), stage
-- changes per row, deletes per statement.
CREATE TABLE "GiftStageCount" (
    "teamId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "stage" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "GiftStageCount_pkey" PRIMARY KEY ("teamId", "livemode", "day", "senderId", "stage")
);
ALTER TABLE "GiftStageCount" ADD CONSTRAINT "GiftStageCount_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "gift_stage_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftStageCount" ("teamId", "senderId", "livemode", "day", "stage", "count")
  SELECT "teamId", "senderId", "livemode", "createdAt"::date, "stage", count(*)::int FROM new_rows
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 4, 2, 5
  ON CONFLICT ("teamId", "livemode", "day", "senderId", "stage") DO UPDATE SET "count" = "GiftStageCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION "gift_stage_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "GiftStageCount" c SET "count" = c."count" - d."n"
  FROM (SELECT "teamId", "senderId", "livemode", "createdAt"::date AS "day", "stage", count(*)::int AS "n" FROM old_rows GROUP BY 1, 2, 3, 4, 5) d
  WHERE c."teamId" = d."teamId" AND c."senderId" = d."senderId" AND c."livemode" = d."livemode" AND c."day" = d."day" AND c."stage" = d."stage";
  RETURN NULL;
END $$;

CREATE FUNCTION "gift_stage_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftStageCount" ("teamId", "senderId", "livemode", "day", "stage", "count")
  VALUES (OLD."teamId", OLD."senderId", OLD."livemode", OLD."createdAt"::date, OLD."stage", -1),
         (NEW."teamId", NEW."senderId", NEW."livemode", NEW."createdAt"::date, NEW."stage", 1)
  ON CONFLICT ("teamId", "livemode", "day", "senderId", "stage") DO UPDATE SET "count" = "GiftStageCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE TRIGGER "gift_stage_counts_insert" AFTER INSERT ON "Gift"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_stage_counts_insert"();
CREATE TRIGGER "gift_stage_counts_delete" AFTER DELETE ON "Gift"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_stage_counts_delete"();
CREATE TRIGGER "gift_stage_counts_move" AFTER UPDATE OF "stage", "teamId", "senderId", "livemode", "createdAt" ON "Gift"
  FOR EACH ROW WHEN (OLD."stage" IS DISTINCT FROM NEW."stage" OR OLD."teamId" IS DISTINCT FROM NEW."teamId"
    OR OLD."senderId" IS DISTINCT FROM NEW."senderId" OR OLD."livemode" IS DISTINCT FROM NEW."livemode"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION "gift_stage_counts_move"();

INSERT INTO "GiftStageCount" ("teamId", "senderId", "livemode", "day", "stage", "count")
SELECT "teamId", "senderId", "livemode", "createdAt"::date, "stage", count(*)::int FROM "Gift" GROUP BY 1, 2, 3, 4, 5;
