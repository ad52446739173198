import type { Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { badRequest, forbidden, HttpError, ValidationError, type FieldProblem } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { currencyCode, formatMoney, formatMoney as formatInCurrency } from "@/lib/money";
import { parseLimitCents } from "./limit";
import { ownerRequired, type TeamRole } from "@/lib/teams/roles";

/** A team's spend controls and this month's spend (live charges net of refunds, calendar month UTC). */
export type Budget = {
  teamId: string;
  /** The team's billing currency: every amount here is in its minor units. */
  currency: string;
  monthlyLimitCents: number | null;
  perGiftLimitCents: number | null;
  /** Live gifts priced above this wait for an owner's approval (null: never). */
  approvalAbovePriceCents: number | null;
  /** Live gifts created in a batch larger than this wait for an owner's approval (null: never). */
  approvalAboveBatchSize: number | null;
  /** "2026-11" */
  period: string;
  spentCents: number;
};

/** What a create would use of the budget: for the dry run's answer. */
export type BudgetUse = Budget & { requestedCents: number; remainingAfterCents: number | null };

export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const period = (now: Date) => monthStart(now).toISOString().slice(0, 7);

async function load(db: Queryable, teamId: string, now: Date, lock: boolean): Promise<Budget> {
  const [team] = await queryRows<{
    monthlyBudgetCents: number | null;
    perGiftLimitCents: number | null;
    approvalAbovePriceCents: number | null;
    approvalAboveBatchSize: number | null;
    currency: string;
  }>(
    db,
    Prisma.sql`SELECT "monthlyBudgetCents", "perGiftLimitCents", "approvalAbovePriceCents", "approvalAboveBatchSize", "currency"
               FROM "Team" WHERE "id" = ${teamId} ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`,
  );
  const [{ spent }] = await queryRows<{ spent: number }>(
    db,
    Prisma.sql`SELECT ${spentThisMonthSql(Prisma.sql`${teamId}`, now)} AS "spent"`,
  );
  return budgetOf(teamId, team ?? null, spent, now);
}

/** This month's spend of a team (live charges net of refunds), as an int expression over `teamId` (SQL). */
export const spentThisMonthSql = (teamId: Prisma.Sql, now: Date) =>
  Prisma.sql`(SELECT coalesce(sum(ch."amountCents"), 0)::int FROM "Charge" ch
               WHERE ch."teamId" = ${teamId} AND ch."createdAt" >= ${monthStart(now)}::timestamp)`;

/** The Budget from the team's limits (null: no such team) and this month's spend. */
export function budgetOf(
  teamId: string,
  team: {
    monthlyBudgetCents: number | null;
    perGiftLimitCents: number | null;
    approvalAbovePriceCents: number | null;
    approvalAboveBatchSize: number | null;
    currency?: string;
  } | null,
  spent: number,
  now: Date,
): Budget {
  return {
    teamId,
    currency: team?.currency ?? "USD",
    monthlyLimitCents: team?.monthlyBudgetCents ?? null,
    perGiftLimitCents: team?.perGiftLimitCents ?? null,
    approvalAbovePriceCents: team?.approvalAbovePriceCents ?? null,
    approvalAboveBatchSize: team?.approvalAboveBatchSize ?? null,
    period: period(now),
    spentCents: spent,
  };
}

/**
 * Whether live gifts must wait for an owner's approval (lib/gifts/approvals.ts): one priced
 * above the team's threshold, or a batch larger than its size threshold.
 */
export function approvalReason(
  budget: Pick<Budget, "approvalAbovePriceCents" | "approvalAboveBatchSize">,
  gifts: { largestGiftCents: number; size: number },
): string | null {
  if (budget.approvalAbovePriceCents !== null && gifts.largestGiftCents > budget.approvalAbovePriceCents)
    return `A gift costs ${formatMoney(gifts.largestGiftCents)}, above the team's approval threshold of ${formatMoney(budget.approvalAbovePriceCents)}.`;
  if (budget.approvalAboveBatchSize !== null && gifts.size > budget.approvalAboveBatchSize)
    return `${gifts.size} gifts at once, more than the team's approval threshold of ${budget.approvalAboveBatchSize}.`;
  return null;
}

/** The team's approval thresholds alone (the create's question, without summing the month's spend). */
export async function approvalThresholds(db: Queryable, teamId: string) {
  const [team] = await queryRows<Pick<Budget, "approvalAbovePriceCents" | "approvalAboveBatchSize">>(
    db,
    Prisma.sql`SELECT "approvalAbovePriceCents", "approvalAboveBatchSize" FROM "Team" WHERE "id" = ${teamId}`,
  );
  return team ?? { approvalAbovePriceCents: null, approvalAboveBatchSize: null };
}

/** The team's budget and this month's spend. */
export const readBudget = (db: Queryable, teamId: string, now = new Date()) => load(db, teamId, now, false);

/** 402 with its own code and the figures, so a client can say what to do (docs/api.md "Budgets"). */
const overLimit = (code: string, detail: string, meta: Record<string, unknown>) =>
  new HttpError(402, "Payment Required", detail, meta, code);

function check(budget: Budget, amountCents: number, largestGiftCents: number): BudgetUse {
  const formatMoney = (minor: number) => formatInCurrency(minor, budget.currency);
  if (budget.perGiftLimitCents !== null && largestGiftCents > budget.perGiftLimitCents)
    throw overLimit(
      "per_gift_limit_exceeded",
      `A gift here costs ${formatMoney(largestGiftCents)}, over the team's limit of ${formatMoney(budget.perGiftLimitCents)} per gift. Nothing was created or charged.`,
      { "per-gift-limit": formatMoney(budget.perGiftLimitCents), "gift-price": formatMoney(largestGiftCents) },
    );
  const after = budget.spentCents + amountCents;
  if (budget.monthlyLimitCents !== null && after > budget.monthlyLimitCents)
    throw overLimit(
      "budget_exceeded",
      `This would take the team's spend for ${budget.period} to ${formatMoney(after)}, over its monthly budget of ${formatMoney(budget.monthlyLimitCents)} (${formatMoney(Math.max(0, budget.monthlyLimitCents - budget.spentCents))} left). Nothing was created or charged.`,
      {
        "monthly-budget": formatMoney(budget.monthlyLimitCents),
        spent: formatMoney(budget.spentCents),
        remaining: formatMoney(Math.max(0, budget.monthlyLimitCents - budget.spentCents)),
        requested: formatMoney(amountCents),
        period: budget.period,
      },
    );
  return {
    ...budget,
    requestedCents: amountCents,
    remainingAfterCents: budget.monthlyLimitCents === null ? null : budget.monthlyLimitCents - after,
  };
}

/**
 * Inside the charging transaction: refuses a charge that would take the month's spend past the
 * team's budget, or a gift over the per-gift limit (402). A team with a budget has its row
 * locked first, so concurrent creates are checked one after another against committed spend:
 * fifty at once near the limit never pass it. A team without limits takes no lock.
 */
export async function enforceBudget(
  tx: Queryable,
  input: { teamId: string; amountCents: number; largestGiftCents: number; now?: Date },
  /** The team's limits as this transaction already read them (lib/billing/controls.ts). */
  limits: { monthlyBudgetCents: number | null; perGiftLimitCents: number | null },
): Promise<BudgetUse | null> {
  if (limits.monthlyBudgetCents === null && limits.perGiftLimitCents === null) return null;
  const now = input.now ?? new Date();
  return check(await load(tx, input.teamId, now, true), input.amountCents, input.largestGiftCents);
}

/** The dry run's check: the same refusals as the real call, from committed spend, without a lock. */
export async function quoteBudget(
  db: Queryable,
  input: { teamId: string; amountCents: number; largestGiftCents: number; now?: Date },
): Promise<BudgetUse> {
  return check(await readBudget(db, input.teamId, input.now), input.amountCents, input.largestGiftCents);
}

/** `PUT /budget`'s body → the new limits (a field left out keeps its value). */
export type BudgetChanges = {
  /** The team's new billing currency (only while it has no charge: lib/billing/budget.ts, setBudget). */
  currency?: string;
  monthly?: number | null;
  perGift?: number | null;
  approvalAbovePrice?: number | null;
  approvalAboveBatchSize?: number | null;
};

const BUDGET_FIELDS = [
  "currency",
  "monthly_limit",
  "per_gift_limit",
  "approval_above_price",
  "approval_above_batch_size",
];

/** A batch-size threshold: a whole number from 1 to 10,000, or null (never). */
function batchSize(value: unknown, pointer: string, problems: FieldProblem[]): number | null | undefined {
  if (value === undefined || value === null) return value;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 10_000) {
    problems.push({ detail: "must be a whole number from 1 to 10000, or null", pointer, code: "invalid" });
    return undefined;
  }
  return n;
}

/** `PATCH /budget`'s body; amounts are read in the currency it sets, else in `current` (the team's). */
export function parseBudgetBody(body: unknown, current = "USD"): BudgetChanges {
  const budget = (body as { budget?: unknown } | null)?.budget;
  if (!budget || typeof budget !== "object" || Array.isArray(budget))
    throw badRequest(
      'The body must be {"budget": {"monthly_limit": "500.00" | null, "per_gift_limit": "50.00" | null, "approval_above_price": "100.00" | null, "approval_above_batch_size": 50 | null}}.',
    );
  const problems: FieldProblem[] = [];
  const fields = budget as Record<string, unknown>;
  for (const key of Object.keys(fields))
    if (!BUDGET_FIELDS.includes(key))
      problems.push({ detail: `${key} is not a known field`, pointer: `/budget/${key}`, code: "unknown_field" });
  const currency = fields.currency === undefined ? undefined : currencyCode(fields.currency);
  if (currency === null)
    problems.push({
      detail: 'must be an ISO 4217 currency code, like "EUR" or "JPY"',
      pointer: "/budget/currency",
      code: "invalid_currency",
    });
  const inCurrency = currency ?? current;
  const monthly = parseLimitCents(fields.monthly_limit, "/budget/monthly_limit", problems, inCurrency);
  const perGift = parseLimitCents(fields.per_gift_limit, "/budget/per_gift_limit", problems, inCurrency);
  const approvalAbovePrice = parseLimitCents(
    fields.approval_above_price,
    "/budget/approval_above_price",
    problems,
    inCurrency,
  );
  const approvalAboveBatchSize = batchSize(
    fields.approval_above_batch_size,
    "/budget/approval_above_batch_size",
    problems,
  );
  if (problems.length > 0) throw new ValidationError(problems);
  return { currency: currency ?? undefined, monthly, perGift, approvalAbovePrice, approvalAboveBatchSize };
}

/** The team already has charges in its currency: 409 `currency_locked`. */
const currencyLocked = (current: string) =>
  new HttpError(
    409,
    "Conflict",
    `The team's currency is ${current} and it has charges in it: a team's currency is fixed once it has been charged (its ledger, budget and refunds stay in one currency). Nothing was changed.`,
    { currency: current, pointer: "/budget/currency" },
    "currency_locked",
  );

/** Sets a team's limits (the caller has checked the owner role). */
export async function setBudget(db: Tx, teamId: string, limits: BudgetChanges): Promise<Budget> {
  if (limits.currency !== undefined) {
    const before = await readBudget(db, teamId);
    if (limits.currency !== before.currency) {
      // An amount kept from before would silently change its worth: each one set must be set again.
      const stale = (
        [
          ["monthly_limit", before.monthlyLimitCents, limits.monthly],
          ["per_gift_limit", before.perGiftLimitCents, limits.perGift],
          ["approval_above_price", before.approvalAbovePriceCents, limits.approvalAbovePrice],
        ] as const
      ).filter(([, was, now]) => was !== null && now === undefined);
      if (stale.length > 0)
        throw new ValidationError(
          stale.map(([field]) => ({
            detail: `is set in ${before.currency}: give it again in ${limits.currency} (or null) when changing the currency`,
            pointer: `/budget/${field}`,
            code: "restate_in_new_currency",
          })),
        );
      // One statement: no charge may have been written by the time the currency changes.
      const changed = await queryRows<{ id: string }>(
        db,
        Prisma.sql`UPDATE "Team" SET "currency" = ${limits.currency}
                   WHERE "id" = ${teamId} AND NOT EXISTS (SELECT FROM "Charge" WHERE "teamId" = ${teamId})
                     AND NOT EXISTS (SELECT FROM "Gift" WHERE "teamId" = ${teamId} AND "livemode" AND "stage" = 'pending_approval')
                   RETURNING "id"`,
      );
      if (changed.length === 0) throw currencyLocked(before.currency);
    }
  }
  await db.team.update({
    where: { id: teamId },
    data: {
      monthlyBudgetCents: limits.monthly,
      perGiftLimitCents: limits.perGift,
      approvalAbovePriceCents: limits.approvalAbovePrice,
      approvalAboveBatchSize: limits.approvalAboveBatchSize,
    },
  });
  return readBudget(db, teamId);
}

/**
 * `PATCH /budget`: an owner sets the team's limits. Members and viewers get 403
 * `owner_required`; the sandbox, never charged, has no budget to set (403).
 */
export async function updateBudget(
  db: Tx,
  actor: { mode: "live" | "sandbox"; role: TeamRole; team: { id: string } },
  body: unknown,
): Promise<Budget> {
  if (actor.mode === "sandbox") throw forbidden("The sandbox is never charged, so it has no budget to set.");
  if (actor.role !== "owner")
    throw ownerRequired(`Only the team's owners can set its budget. Ask an owner of team "${actor.team.id}".`);
  const [team] = await queryRows<{ currency: string }>(
    db,
    Prisma.sql`SELECT "currency" FROM "Team" WHERE "id" = ${actor.team.id}`,
  );
  return setBudget(db, actor.team.id, parseBudgetBody(body, team?.currency));
}
