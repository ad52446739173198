-- Spend controls: a team's monthly budget (calendar month, UTC) and the most one gift may cost.
-- NULL: no limit.
ALTER TABLE "Team" ADD COLUMN "monthlyBudgetCents" INTEGER;
ALTER TABLE "Team" ADD COLUMN "perGiftLimitCents" INTEGER;
