import { render, toPlainText } from "@react-email/render";
import { loggedText } from "@/lib/http/log-path.mjs";
import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db";
import { LEASE_MS, renewWhileWorking } from "@/lib/database/lease";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { seal, unseal } from "@/lib/sealed";
import { unsubscribeUrl, untieUrl } from "@/lib/untie";
import { keptBody } from "./outbox-retention";
import { isQueuedKind, QUEUED_KINDS, type QueuedEmailProps, type QueuedKind } from "./queued-kinds";
import { mailTransport, type MailTransport } from "./transport";
import { giftSuppressesSql } from "./suppressions";

/** Attempts before a queued email is given up (status `failed`, the error kept). */
export const MAX_EMAIL_ATTEMPTS = 8;
/** How long a claim holds an email unless its worker renews it (lib/database/lease.ts): a dead worker's claims return then. */
export const EMAIL_LEASE_MS = LEASE_MS;

/** Wait after failed attempt n: 30 s, 2 min, 8 min, … capped at 1 h. */
export const emailRetryDelayMs = (attempt: number) => Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 60 * 60_000);

export type QueuedEmail<K extends QueuedKind = QueuedKind> = {
  kind: K;
  to: string;
  props: QueuedEmailProps[K];
  /** The gift it is about (its untie URL is derived from it when rendered). */
  giftId?: string | null;
  /** The invitation it carries: the row goes when the invitation is accepted or withdrawn. */
  invitationId?: number | null;
  /** A secret link that exists only now (sign-in, invitation): sealed at rest, erased once sent. */
  link?: string;
  /** A sandbox gift's email: kept in the outbox as suppressed, never handed to a transport. */
  sandbox?: boolean;
};

// The sealed link's purpose (lib/sealed): a key of its own.
const LINK_PURPOSE = "queued email links";

/**
 * Queues an email in the caller's transaction, so it exists exactly when the state change that
 * causes it commits (a redemption, a shipment, an invitation, gifts waiting for approval…): a
 * Prisma transaction, or the driver transaction of a create (lib/database/sql.ts). The
 * `send-emails` job sends it (or `sendQueuedEmailNow` right after the commit); nothing is
 * rendered or sent here.
 */
export async function queueEmail<K extends QueuedKind>(
  tx: Queryable,
  email: QueuedEmail<K>,
  now = new Date(),
): Promise<{ id: number }> {
  const sealedLink = email.link === undefined ? null : seal(LINK_PURPOSE, email.link);
  const [row] = await queryRows<{ id: number }>(
    tx,
    Prisma.sql`
    INSERT INTO "EmailOutbox" ("kind", "to", "subject", "html", "text", "status", "transport", "giftId", "invitationId",
                               "payload", "sealedLink", "suppress", "nextAttemptAt", "createdAt")
    VALUES (${email.kind}, ${email.to}, '', '', '', 'pending', 'queued', ${email.giftId ?? null}, ${email.invitationId ?? null}::int,
            ${JSON.stringify(email.props)}::jsonb, ${sealedLink}, ${email.sandbox ?? false}, ${now}::timestamp, ${new Date()}::timestamp)
    RETURNING "id"`,
  );
  return row;
}

type Claimed = {
  id: number;
  kind: string;
  to: string;
  giftId: string | null;
  payload: unknown;
  sealedLink: string | null;
  suppress: boolean;
  attempts: number;
  /** The gift's untie version (lib/untie.ts): its link as of now, not as of queueing. */
  untieVersion: number | null;
  /** The stage of the gift it is about, when it is about one (a kind may be sent only in some). */
  giftStage: string | null;
  /** The recipient stopped the gift's reminders (one-click unsubscribe), or its team suppressed the address. */
  optedOut?: boolean;
};

// The row's address hashed as addressHash() does (lib/outbox/suppressions.ts), in SQL.
const HASH_OF_TO = Prisma.sql`encode(sha256(convert_to(lower(btrim("EmailOutbox"."to")), 'UTF8')), 'hex')`;

/** Claims due queued emails (or the one with `id`) with a lease; rows another worker holds are skipped, never waited on. */
function claim(db: PrismaClient, now: Date, limit: number, id?: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + EMAIL_LEASE_MS).toISOString();
  const only = id === undefined ? Prisma.empty : Prisma.sql`AND "id" = ${id}::int`;
  return queryRows<Claimed>(
    db,
    Prisma.sql`
    UPDATE "EmailOutbox" SET "leaseUntil" = ${leaseUntil}::timestamp, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${at}::timestamp
        AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${at}::timestamp) ${only}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${Math.max(1, Math.floor(limit))}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "to", "giftId", "payload", "sealedLink", "suppress", "attempts",
              (SELECT g."untieVersion" FROM "Gift" g WHERE g."id" = "EmailOutbox"."giftId") AS "untieVersion",
              (SELECT g."stage" FROM "Gift" g WHERE g."id" = "EmailOutbox"."giftId") AS "giftStage",
              (SELECT g."remindersStoppedAt" IS NOT NULL OR ${giftSuppressesSql("g", HASH_OF_TO)}
               FROM "Gift" g WHERE g."id" = "EmailOutbox"."giftId") AS "optedOut"`,
  );
}

/** The one place a queued email becomes its subject, HTML and plain text. */
async function rendered(email: Claimed) {
  if (!isQueuedKind(email.kind)) throw new Error(`unknown queued email kind "${email.kind}"`);
  const kind = QUEUED_KINDS[email.kind] as (typeof QUEUED_KINDS)[QueuedKind] & {
    subject(p: unknown): string;
    element(p: unknown, context: { untieUrl: string; link: string; unsubscribeUrl: string }): React.ReactElement;
    oneClickUnsubscribe?: true;
  };
  if (kind.needs === "gift" && !email.giftId) throw new Error(`a ${email.kind} email needs its gift`);
  if (kind.needs === "link" && !email.sealedLink) throw new Error(`a ${email.kind} email needs its link`);
  const link = email.sealedLink ? unseal(LINK_PURPOSE, email.sealedLink) : "";
  const untie = email.giftId ? untieUrl(email.giftId, email.untieVersion ?? 0) : "";
  const unsubscribe = kind.oneClickUnsubscribe && email.giftId ? unsubscribeUrl(email.giftId) : "";
  const html = await render(kind.element(email.payload, { untieUrl: untie, link, unsubscribeUrl: unsubscribe }));
  // RFC 8058: one click (a POST without cookies) from the mailbox's own button stops the reminders.
  const headers = unsubscribe
    ? { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { subject: kind.subject(email.payload), html, text: toPlainText(html), headers };
}

export type QueuedEmailSummary = { claimed: number; sent: number; suppressed: number; retried: number; failed: number };

/**
 * Sends the queued emails that are due: each is claimed (two workers never hold the same row),
 * rendered, handed to the transport with its row id as the idempotency key (a worker killed
 * after the provider accepted it re-sends under the same key, which the provider drops), and
 * recorded. A refused send is retried with backoff, then `failed` with the error kept; never lost.
 */
export async function sendQueuedEmails(
  db: PrismaClient,
  options: { transport?: MailTransport; now?: Date; limit?: number; id?: number } = {},
): Promise<QueuedEmailSummary> {
  const now = options.now ?? new Date();
  const summary: QueuedEmailSummary = { claimed: 0, sent: 0, suppressed: 0, retried: 0, failed: 0 };
  const claimed = await claim(db, now, options.limit ?? 50, options.id);
  summary.claimed = claimed.length;
  // Held while this worker lives: renewed every few seconds, so only a dead worker's claims expire.
  const held = new Set(claimed.map((e) => e.id));
  const stopRenewing = renewWhileWorking(async () => {
    if (held.size > 0)
      await db.emailOutbox.updateMany({
        where: { id: { in: [...held] }, status: "pending" },
        data: { leaseUntil: new Date(Date.now() + EMAIL_LEASE_MS) },
      });
  });
  try {
    for (const email of claimed) {
      await sendOne(db, email, now, options.transport, summary);
      held.delete(email.id);
    }
  } finally {
    stopRenewing();
  }
  return summary;
}

/**
 * Sends one queued email now, right after the transaction that queued it committed (a sign-in
 * link should not wait for the next sweep). The same claim as the job's: if a worker holds it,
 * this does nothing; if the send fails, the job retries it. Never throws for a refused send.
 */
export function sendQueuedEmailNow(db: PrismaClient, id: number, transport?: MailTransport) {
  return sendQueuedEmails(db, { id, transport, limit: 1 });
}

/** Renders, sends and records one claimed email; a failure is recorded with its retry time, never thrown. */
async function sendOne(
  db: PrismaClient,
  email: Claimed,
  now: Date,
  chosen: MailTransport | undefined,
  summary: QueuedEmailSummary,
): Promise<void> {
  try {
    const whileGift = isQueuedKind(email.kind) ? QUEUED_KINDS[email.kind].whileGift : undefined;
    const optedOut = isQueuedKind(email.kind) && QUEUED_KINDS[email.kind].oneClickUnsubscribe && email.optedOut;
    if ((whileGift && email.giftStage !== null && !whileGift(email.giftStage)) || optedOut) {
      await db.emailOutbox.update({
        where: { id: email.id },
        data: {
          status: "suppressed",
          transport: "none",
          leaseUntil: null,
          sealedLink: null,
          lastError: optedOut
            ? "Not sent: the recipient stopped these reminders, or the address is suppressed"
            : `Not sent: the gift is ${email.giftStage} now`,
        },
      });
      summary.suppressed++;
      return;
    }
    // A sandbox email is never sent: it is rendered when someone opens the outbox (renderKept),
    // not here, so the test clock's many reminders cost a row each, not a React render each.
    // Unless it carries a sealed link, which is erased now and could not be rendered later.
    if (email.suppress && email.sealedLink === null && isQueuedKind(email.kind)) {
      const kind = QUEUED_KINDS[email.kind] as { subject(p: unknown): string };
      await db.emailOutbox.update({
        where: { id: email.id },
        data: {
          subject: kind.subject(email.payload),
          status: "suppressed",
          transport: "none",
          leaseUntil: null,
        },
      });
      summary.suppressed++;
      return;
    }
    const { headers, ...message } = await rendered(email);
    if (email.suppress) {
      await db.emailOutbox.update({
        where: { id: email.id },
        data: {
          ...message,
          ...keptBody("none", message),
          status: "suppressed",
          transport: "none",
          leaseUntil: null,
          sealedLink: null,
        },
      });
      summary.suppressed++;
      return;
    }
    const transport = chosen ?? mailTransport();
    const result = await transport.send(
      { from: config.emailFrom, to: email.to, cc: null, ...message, ...(headers ? { headers } : {}) },
      { idempotencyKey: `email-${email.id}` },
    );
    await db.emailOutbox.update({
      where: { id: email.id },
      data: {
        subject: message.subject,
        ...keptBody(transport.name, message),
        status: result.status,
        transport: transport.name,
        providerId: result.providerId,
        leaseUntil: null,
        sealedLink: null,
        lastError: null,
      },
    });
    summary.sent++;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
    await db.emailOutbox.update({
      where: { id: email.id },
      data: giveUp
        ? { status: "failed", leaseUntil: null, sealedLink: null, lastError: reason }
        : {
            nextAttemptAt: new Date(now.getTime() + emailRetryDelayMs(email.attempts)),
            leaseUntil: null,
            lastError: reason,
          },
    });
    if (giveUp) {
      summary.failed++;
      console.error(
        `Ribbon: gave up on ${email.kind} email ${email.id} after ${email.attempts} attempts: ${loggedText(reason)}`,
      );
    } else summary.retried++;
  }
}

/** A kept outbox row as `listOutbox` reads it: enough to know whether its body was left to render. */
export type KeptEmail = {
  id: number;
  kind: string;
  to: string;
  html: string;
  status: string;
  giftId: string | null;
  payload: unknown;
  suppress: boolean;
};

/**
 * A suppressed sandbox email's body, rendered now: sendQueuedEmails keeps only its subject
 * (nothing is sent, and few are ever looked at). Rendered as its send would have rendered it, with
 * the gift's untie URL as of now, and only where the outbox keeps bodies (keptBody). Other rows:
 * their body as kept.
 */
export async function renderKept(db: PrismaClient, row: KeptEmail): Promise<{ html: string; text: string } | null> {
  if (!(row.suppress && row.status === "suppressed" && row.html === "" && row.payload !== null)) return null;
  if (!isQueuedKind(row.kind) || keptBody("none", { html: "x", text: "x" }).html === "") return null;
  const gift = row.giftId
    ? await db.gift.findUnique({ where: { id: row.giftId }, select: { untieVersion: true, stage: true } })
    : null;
  const { html, text } = await rendered({
    id: row.id,
    kind: row.kind,
    to: row.to,
    giftId: row.giftId,
    payload: row.payload,
    sealedLink: null,
    suppress: true,
    attempts: 0,
    untieVersion: gift?.untieVersion ?? null,
    giftStage: gift?.stage ?? null,
  });
  return { html, text };
}
