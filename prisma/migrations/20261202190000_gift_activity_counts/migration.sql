-- The dashboard's activity chart (lib/dashboard/charts.ts) reads counts, not events: per team,
-- sender, mode and UTC day, how many gifts were sent (by "sentAt"), opened and redeemed. At
-- 1,000,000 gifts, counting a 10,000-gift campaign's events per page load took 93-141 ms.
--
-- The chart counts a gift's first open (or redemption) *inside its range of days*: a gift opened
-- on the 3rd and again on the 9th counts on the 3rd in a chart from the 1st and on the 9th in a
-- chart from the 5th. So each row also says the gift's previous day with such an event
-- ("prevDay"; the day itself when there was none), and a chart from day S counts the rows whose
-- "prevDay" is before S or is the day itself: exactly the gifts' first days in the range.
-- Sends: "prevDay" is the day.
--
-- Triggers keep the counts exact whoever writes "Gift" or "GiftEvent", appending deltas (appends
-- never wait on each other: see 20261126160000_gift_stage_deltas); compact-stage-counts folds
-- them into "GiftActivityCount" (lib/gifts/stage-counts.ts). The chart reads both.
CREATE TABLE "GiftActivityCount" (
    "teamId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "prevDay" DATE NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "GiftActivityCount_pkey" PRIMARY KEY ("teamId", "livemode", "day", "senderId", "kind", "prevDay")
);
ALTER TABLE "GiftActivityCount" ADD CONSTRAINT "GiftActivityCount_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "GiftActivityDelta" (
    "id" BIGSERIAL NOT NULL,
    "teamId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "prevDay" DATE NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "GiftActivityDelta_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "GiftActivityDelta_teamId_livemode_day_idx" ON "GiftActivityDelta"("teamId", "livemode", "day");
ALTER TABLE "GiftActivityDelta" ADD CONSTRAINT "GiftActivityDelta_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A gift's days with an event of `kind` (an open or a redemption: a stage change, not an action),
-- each with the one before it (or itself): the rows it adds to "GiftActivityCount".
CREATE FUNCTION "gift_activity_days"("gift" TEXT, "kind" TEXT) RETURNS TABLE ("day" DATE, "prevDay" DATE)
LANGUAGE sql STABLE AS $$
  SELECT d."day", coalesce(lag(d."day") OVER (ORDER BY d."day"), d."day") FROM (
    SELECT DISTINCT e."createdAt"::date AS "day" FROM "GiftEvent" e
    WHERE e."giftId" = "gift" AND e."stage" = "kind" AND e."action" IS NULL) d
$$;

-- Events added and removed by one statement (an update is both): for each gift and kind they
-- touch, its days before the statement (its events now, less those added, plus those removed)
-- and after it (its events now) give two lists of (day, prevDay); the change is their difference.
-- Per statement, not per row: a row trigger fires after the whole statement, when the table
-- already holds every row of it. The gifts are locked first (as a stage move does): two writers
-- of one gift's events take turns, the second seeing the first's committed events.
CREATE FUNCTION "gift_activity_events_change"("added" "GiftEvent"[], "removed" "GiftEvent"[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Gift" WHERE "id" IN (
    SELECT "giftId" FROM unnest("added") UNION SELECT "giftId" FROM unnest("removed")
  ) ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "GiftActivityDelta" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta")
  WITH "a" AS (
    SELECT "id", "giftId", "stage" FROM unnest("added") WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL
  ), "r" AS (
    SELECT "giftId", "stage", "createdAt"::date AS "day" FROM unnest("removed") WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL
  ), "touched" AS (
    SELECT "giftId", "stage" FROM "a" UNION SELECT "giftId", "stage" FROM "r"
  ), "now" AS (
    SELECT e."id", t."giftId", t."stage", e."createdAt"::date AS "day" FROM "touched" t
    JOIN "GiftEvent" e ON e."giftId" = t."giftId" AND e."stage" = t."stage" AND e."action" IS NULL
  ), "beforeDays" AS (
    SELECT "giftId", "stage", "day" FROM "now" n WHERE NOT EXISTS (SELECT 1 FROM "a" WHERE a."id" = n."id")
    UNION SELECT "giftId", "stage", "day" FROM "r"
  ), "afterDays" AS (
    SELECT DISTINCT "giftId", "stage", "day" FROM "now"
  ), "before" AS (
    SELECT "giftId", "stage", "day", coalesce(lag("day") OVER (PARTITION BY "giftId", "stage" ORDER BY "day"), "day") AS "prevDay" FROM "beforeDays"
  ), "after" AS (
    SELECT "giftId", "stage", "day", coalesce(lag("day") OVER (PARTITION BY "giftId", "stage" ORDER BY "day"), "day") AS "prevDay" FROM "afterDays"
  )
  SELECT g."teamId", g."senderId", g."livemode", c."day", c."stage", c."prevDay", sum(c."delta")::int FROM (
    SELECT *, 1 AS "delta" FROM (SELECT * FROM "after" EXCEPT SELECT * FROM "before") x
    UNION ALL
    SELECT *, -1 FROM (SELECT * FROM "before" EXCEPT SELECT * FROM "after") y
  ) c
  -- A gift being deleted is gone: its rows went in its own trigger (gift_activity_gift_delete).
  JOIN "Gift" g ON g."id" = c."giftId"
  GROUP BY 1, 2, 3, 4, 5, 6;
END $$;

CREATE FUNCTION "gift_activity_event_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL) THEN
    PERFORM "gift_activity_events_change"(ARRAY(SELECT ROW(n.*)::"GiftEvent" FROM new_rows n WHERE n."stage" IN ('opened', 'redeemed') AND n."action" IS NULL), '{}'::"GiftEvent"[]);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "gift_activity_event_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL) THEN
    PERFORM "gift_activity_events_change"('{}'::"GiftEvent"[], ARRAY(SELECT ROW(o.*)::"GiftEvent" FROM old_rows o WHERE o."stage" IN ('opened', 'redeemed') AND o."action" IS NULL));
  END IF;
  RETURN NULL;
END $$;

-- Only rows whose gift, stage, action or day changed, and that were or are counted (the webhook
-- dispatcher's updates of "webhooksDispatchedAt" pass through here).
CREATE FUNCTION "gift_activity_event_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "changed" INTEGER[];
BEGIN
  SELECT array_agg(o."id") INTO "changed" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
  WHERE (o."stage" IN ('opened', 'redeemed') AND o."action" IS NULL OR n."stage" IN ('opened', 'redeemed') AND n."action" IS NULL)
    AND (o."giftId", o."stage", o."action", o."createdAt"::date) IS DISTINCT FROM (n."giftId", n."stage", n."action", n."createdAt"::date);
  IF "changed" IS NOT NULL THEN
    PERFORM "gift_activity_events_change"(
      ARRAY(SELECT ROW(n.*)::"GiftEvent" FROM new_rows n WHERE n."id" = ANY("changed")),
      ARRAY(SELECT ROW(o.*)::"GiftEvent" FROM old_rows o WHERE o."id" = ANY("changed")));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "gift_activity_event_insert" AFTER INSERT ON "GiftEvent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_activity_event_insert"();
CREATE TRIGGER "gift_activity_event_delete" AFTER DELETE ON "GiftEvent"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_activity_event_delete"();
CREATE TRIGGER "gift_activity_event_update" AFTER UPDATE ON "GiftEvent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_activity_event_update"();

-- Sends: inserts per statement (a 10,000-gift bulk insert is one grouped append).
CREATE FUNCTION "gift_activity_gift_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftActivityDelta" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta")
  SELECT "teamId", "senderId", "livemode", "sentAt"::date, 'sent', "sentAt"::date, count(*)::int FROM new_rows
  WHERE "sentAt" IS NOT NULL GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

-- A gift's rows under its old team, sender or mode out, under the new ones in; a send moved.
CREATE FUNCTION "gift_activity_gift_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftActivityDelta" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta")
  SELECT OLD."teamId", OLD."senderId", OLD."livemode", OLD."sentAt"::date, 'sent', OLD."sentAt"::date, -1 WHERE OLD."sentAt" IS NOT NULL
  UNION ALL
  SELECT NEW."teamId", NEW."senderId", NEW."livemode", NEW."sentAt"::date, 'sent', NEW."sentAt"::date, 1 WHERE NEW."sentAt" IS NOT NULL;
  IF (OLD."teamId", OLD."senderId", OLD."livemode") IS DISTINCT FROM (NEW."teamId", NEW."senderId", NEW."livemode") THEN
    INSERT INTO "GiftActivityDelta" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta")
    SELECT o."teamId", o."senderId", o."livemode", d."day", k."kind", d."prevDay", o."delta"
    FROM (VALUES (OLD."teamId", OLD."senderId", OLD."livemode", -1), (NEW."teamId", NEW."senderId", NEW."livemode", 1))
      o("teamId", "senderId", "livemode", "delta")
    CROSS JOIN (VALUES ('opened'), ('redeemed')) k("kind")
    CROSS JOIN LATERAL "gift_activity_days"(NEW."id", k."kind") d;
  END IF;
  RETURN NULL;
END $$;

-- Before the row goes: its events are deleted after it (the foreign key's cascade), when their
-- own trigger no longer finds the gift.
CREATE FUNCTION "gift_activity_gift_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GiftActivityDelta" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta")
  SELECT OLD."teamId", OLD."senderId", OLD."livemode", OLD."sentAt"::date, 'sent', OLD."sentAt"::date, -1 WHERE OLD."sentAt" IS NOT NULL
  UNION ALL
  SELECT OLD."teamId", OLD."senderId", OLD."livemode", d."day", k."kind", d."prevDay", -1
  FROM (VALUES ('opened'), ('redeemed')) k("kind") CROSS JOIN LATERAL "gift_activity_days"(OLD."id", k."kind") d;
  RETURN OLD;
END $$;

CREATE TRIGGER "gift_activity_gift_insert" AFTER INSERT ON "Gift"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gift_activity_gift_insert"();
CREATE TRIGGER "gift_activity_gift_update" AFTER UPDATE OF "sentAt", "teamId", "senderId", "livemode" ON "Gift"
  FOR EACH ROW WHEN ((OLD."sentAt"::date, OLD."teamId", OLD."senderId", OLD."livemode")
    IS DISTINCT FROM (NEW."sentAt"::date, NEW."teamId", NEW."senderId", NEW."livemode"))
  EXECUTE FUNCTION "gift_activity_gift_update"();
CREATE TRIGGER "gift_activity_gift_delete" BEFORE DELETE ON "Gift"
  FOR EACH ROW EXECUTE FUNCTION "gift_activity_gift_delete"();

INSERT INTO "GiftActivityCount" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "count")
SELECT "teamId", "senderId", "livemode", "sentAt"::date, 'sent', "sentAt"::date, count(*)::int FROM "Gift"
WHERE "sentAt" IS NOT NULL GROUP BY 1, 2, 3, 4
UNION ALL
SELECT g."teamId", g."senderId", g."livemode", p."day", p."stage", p."prevDay", count(*)::int FROM (
  SELECT d."giftId", d."stage", d."day", coalesce(lag(d."day") OVER (PARTITION BY d."giftId", d."stage" ORDER BY d."day"), d."day") AS "prevDay"
  FROM (SELECT DISTINCT "giftId", "stage", "createdAt"::date AS "day" FROM "GiftEvent"
        WHERE "stage" IN ('opened', 'redeemed') AND "action" IS NULL) d
) p JOIN "Gift" g ON g."id" = p."giftId"
GROUP BY 1, 2, 3, 4, 5, 6;
