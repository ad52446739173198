import { sha256 } from "@/lib/crypto";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RecipientDraft } from "./schema";
import { inSuppressionScope, suppressionScope } from "@/lib/outbox/suppressions";
import { PAID_STAGES } from "./stages";
import {
  referencesFromRows,
  referencesSql,
  type ReferenceRows,
  type References,
  type ReferenceSpec,
} from "./resolve-references";

/** What every gift of one create shares: sent once, not once per gift. */
export type SharedGiftValues = {
  teamId: string;
  senderId: string;
  livemode: boolean;
  message: string;
  /** The subject and from line of the gifts whose recipient doesn't give their own. */
  subject: string;
  from: string;
  stage: string;
  /** When the gifts were created: also their first event's and the message history's time. */
  at: Date;
  chargeId: number | null;
  /**
   * The batch the gifts are created in, with its name and its size (all its gifts, when they
   * are written in several statements); null for a gift created alone.
   */
  batch: { id: string; name: string; size: number } | null;
};

/**
 * What one gift has of its own: its recipient's values (subject and from only where the
 * recipient overrides the shared ones; expiresOn as `YYYY-MM-DD`; reminders null for the
 * team's cadence, copied in when written), with the Gift table's column names.
 */
export type OwnGiftValues = Omit<RecipientDraft, "pointer" | "name"> & {
  id: string;
  recipientName: string;
  untieTokenHash: string;
  /** What a live gift pays on arrival in its recipient_country (lib/gifts/landed-cost.ts), added to its price. */
  dutiesMinor?: number;
  taxesMinor?: number;
  /**
   * A gift of a batch with its own message (lib/gifts/create-batch.ts); the others have the
   * shared one. That caller writes the message history itself (`recordMessage: false`).
   */
  message?: string;
};

export type InsertGiftsInput = {
  shared: SharedGiftValues;
  /**
   * A live gift's price in the team's currency when it is not the collection's (one gift of a
   * conversion, lib/gifts/conversion.ts); unset: the collection's price.
   */
  priceMinor?: number;
  gifts: OwnGiftValues[];
  refs: ReferenceSpec;
  /** false: the caller writes the message history itself (createBatch: a batch's most used messages). Default true. */
  recordMessage?: boolean;
  /**
   * The address hashes (lib/outbox/suppressions addressHash) of the emailed recipients, when the
   * caller has not checked the team's suppression list itself: then nothing is written if any is
   * on the list (the gifts' scope: suppressionScope), and `suppressed` names them. The sandbox's
   * one-statement create checks it here rather than in a round trip of its own.
   */
  refuseSuppressed?: string[];
  /**
   * The charge that pays for the gifts (lib/billing chargeInsertSql, after checkCharge in the
   * same transaction), written by this statement only when the gifts are, its id on each gift:
   * a live create's charge and gifts in one round trip. Instead of `shared.chargeId`.
   */
  charge?: Prisma.Sql;
  /**
   * A boolean SQL expression (it may name "refs") that must hold for anything to be written: a
   * caller that charges from an earlier read checks that what it read still holds. `fresh` says
   * whether it did (true without a guard).
   */
  guard?: Prisma.Sql;
};

/**
 * Resolves the references the gifts name and, only when all of them are found, writes the
 * gifts (collection, design, logo and price from those references), their first events
 * and, unless `recordMessage` is false, the sender's message history (the message becomes the newest): one statement,
 * atomic on its own and one round trip whatever the number of gifts. Returns the
 * references and whether the gifts were written.
 *
 * Each gift's own values travel as one JSON array; the shared ones once each. The JSON is
 * most of the statement's bytes (~2.5 MB for 10,000 gifts), and PostgreSQL's parsing of it
 * and Prisma's handling of it (inside a transaction) grow with its size.
 */
export async function insertGifts(
  tx: Queryable,
  input: InsertGiftsInput,
): Promise<
  References & {
    inserted: boolean;
    fresh: boolean;
    teamReminders: string[];
    teamCurrency: string;
    suppressed: string[];
    chargeId: number | null;
  }
> {
  const { shared, gifts, refs, charge, guard } = input;
  const scope = suppressionScope({ teamId: shared.teamId, senderId: shared.senderId, livemode: shared.livemode });
  if (charge && shared.chargeId !== null) throw new Error("insertGifts: a charge to write, or the id of one, not both");
  if (shared.livemode && shared.chargeId === null && !charge && PAID_STAGES.some((s) => s === shared.stage))
    throw new Error(`Live gifts can't be written ${shared.stage} without a charge (lib/gifts/stages.ts, PAID_STAGES)`);
  const at = shared.at.toISOString();
  // The gifts (and their charge) are written only when every reference is found and no emailed recipient is suppressed.
  const writable = Prisma.sql`"refs"."collection" IS NOT NULL AND "refs"."logo" IS NOT NULL AND ("refs"."design" IS NOT NULL OR ${refs.designId === undefined})
        AND NOT EXISTS (SELECT FROM "suppressed")${guard ? Prisma.sql` AND (SELECT "ok" FROM "guard")` : Prisma.empty}`;
  const chargeId = charge ? Prisma.sql`(SELECT "id" FROM "charge")` : Prisma.sql`${shared.chargeId}::int`;
  // A live gift's price is the collection's (giftPrice in ./price: shipping and fees are 0 today).
  const [row] = await queryRows<
    ReferenceRows & {
      inserted: boolean;
      fresh: boolean;
      teamReminders: string[];
      teamCurrency: string;
      suppressed: string[];
      chargeId: number | null;
    }
  >(
    tx,
    Prisma.sql`
    WITH "refs" AS (${referencesSql(shared.teamId, refs)}),
    "suppressed" AS (
      SELECT "emailHash" FROM "EmailSuppression"
      WHERE ${inSuppressionScope(scope)} AND "emailHash" = ANY(${input.refuseSuppressed ?? []}::text[])
    ),
    "team" AS (SELECT "reminderCadence", "currency" FROM "Team" WHERE "id" = ${shared.teamId}),
    ${guard ? Prisma.sql`"guard" AS (SELECT coalesce(${guard}, false) AS "ok" FROM "refs"),` : Prisma.empty}
    ${charge ? Prisma.sql`"charge" AS (${charge} FROM "refs" WHERE ${writable} RETURNING "id"),` : Prisma.empty}
    "gifts" AS (
      INSERT INTO "Gift" ("id", "teamId", "senderId", "livemode", "recipientName", "deliveryMethod", "email", "ccEmail", "subject", "message", "from",
                          "scheduledAt", "expiresOn", "locale", "recipientCountry", "stage", "lastEventAt", "untieTokenHash", "createdAt", "chargeId", "batchId", "collectionId", "designId", "logoId", "priceCents", "currency",
                          "dutiesMinor", "taxesMinor", "reminders", "timeZone", "nextReminderAt")
      SELECT r."id", ${shared.teamId}::text, ${shared.senderId}::text, ${shared.livemode}::boolean, r."recipientName", r."deliveryMethod", r."email", r."ccEmail",
             coalesce(r."subject", ${shared.subject}::text), coalesce(r."message", ${shared.message}::text), coalesce(r."from", ${shared.from}::text),
             r."scheduledAt", r."expiresOn", r."locale", r."recipientCountry", ${shared.stage}::text, ${at}::timestamp, r."untieTokenHash", ${at}::timestamp, ${chargeId}, ${shared.batch?.id ?? null}::text,
             ("refs"."collection"->>'id')::int, "refs"."design"->>'id', ("refs"."logo"->>'id')::int,
             -- A gift's price: its goods (converted, or the collection's) and what it pays on arrival.
             CASE WHEN ${shared.livemode}::boolean
                  THEN coalesce(${input.priceMinor ?? null}::int, ("refs"."collection"->>'priceCents')::int)
                       + coalesce(r."dutiesMinor", 0) + coalesce(r."taxesMinor", 0)
                  ELSE 0 END, "team"."currency",
             r."dutiesMinor", r."taxesMinor",
             cadence."reminders", r."timeZone",
             -- The reminder sweep first looks at the gift when it is due to be sent (lib/reminders/remind.ts).
             CASE WHEN cardinality(cadence."reminders") > 0 THEN r."scheduledAt" END
      FROM json_populate_recordset(NULL::"Gift", ${JSON.stringify(gifts)}::json) r
      CROSS JOIN "team"
      CROSS JOIN LATERAL (
        SELECT CASE WHEN r."deliveryMethod" = 'email' THEN coalesce(r."reminders", "team"."reminderCadence") ELSE '{}'::text[] END AS "reminders"
      ) cadence, "refs"
      WHERE ${writable}
      RETURNING "id"
    ), "batch" AS (
      INSERT INTO "GiftBatch" ("id", "teamId", "senderId", "livemode", "name", "size", "createdAt")
      SELECT ${shared.batch?.id ?? null}::text, ${shared.teamId}, ${shared.senderId}, ${shared.livemode}::boolean,
             ${shared.batch?.name ?? null}::text, ${shared.batch?.size ?? 0}::int, ${at}::timestamp
      WHERE ${shared.batch !== null}::boolean AND EXISTS (SELECT FROM "gifts")
      ON CONFLICT ("id") DO NOTHING -- a batch written in several statements: the first writes its row
    ), "events" AS (
      INSERT INTO "GiftEvent" ("giftId", "stage", "createdAt") SELECT "id", ${shared.stage}, ${at}::timestamp FROM "gifts"
    ), "message" AS (
      INSERT INTO "GiftMessage" ("teamId", "userId", "message", "messageHash", "createdAt")
      SELECT ${shared.teamId}, ${shared.senderId}, ${shared.message}, ${sha256(shared.message)}, ${at}::timestamp
      WHERE ${input.recordMessage ?? true}::boolean AND EXISTS (SELECT FROM "gifts")
      ON CONFLICT ("teamId", "userId", "messageHash") DO UPDATE SET "createdAt" = EXCLUDED."createdAt"
    )
    SELECT "refs".*, EXISTS (SELECT FROM "gifts") AS "inserted", ${guard ? Prisma.sql`(SELECT "ok" FROM "guard")` : Prisma.sql`true`} AS "fresh",
           "team"."reminderCadence" AS "teamReminders", "team"."currency" AS "teamCurrency",
           ARRAY(SELECT "emailHash" FROM "suppressed") AS "suppressed", ${chargeId} AS "chargeId"
    FROM "refs", "team"`,
  );
  return {
    ...referencesFromRows(row),
    inserted: row.inserted,
    fresh: row.fresh,
    teamReminders: row.teamReminders,
    teamCurrency: row.teamCurrency,
    suppressed: row.suppressed,
    chargeId: row.chargeId,
  };
}
