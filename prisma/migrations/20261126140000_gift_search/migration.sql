-- The dashboard's search (any part of a recipient's name or email) through a trigram index:
-- an index look-up instead of reading every gift of the team.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Gift_search_idx" ON "Gift" USING gin ((lower("recipientName" || ' ' || coalesce("email", ''))) gin_trgm_ops);
