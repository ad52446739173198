-- The dashboard's table sorted by a column (docs/dashboard.md, "Sorting"): one index per sortable
-- column on ("teamId", <the sort expression>, "id"), so each sort, in either direction, and each
-- next page (a row-value bound on the same expression and the id) is an index range of the team's
-- gifts, never a sort of all of them (a team may hold a million gifts). The created-at sort already
-- has "Gift_teamId_createdAt_id_idx"; the collection is not sortable (its name lives in another table).
-- Expressions (lower(), coalesce()) can't be said in schema.prisma, so these live here only, like
-- "Gift_search_idx"; lib/dashboard/sort.ts uses the exact same expressions.
CREATE INDEX "Gift_sort_recipient_idx" ON "Gift" ("teamId", lower("recipientName"), "id");
CREATE INDEX "Gift_sort_stage_idx" ON "Gift" ("teamId", "stage", "id");
CREATE INDEX "Gift_sort_sent_idx" ON "Gift" ("teamId", coalesce("sentAt", 'infinity'::timestamp), "id");
CREATE INDEX "Gift_sort_expires_idx" ON "Gift" ("teamId", coalesce("expiresOn", 'infinity'::date), "id");
CREATE INDEX "Gift_sort_price_idx" ON "Gift" ("teamId", "priceCents", "id");
