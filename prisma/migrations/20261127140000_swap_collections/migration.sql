-- Swap: the team's swap collections, and on the gift the swap collection the recipient chose
-- from. A constant default and a nullable column: no rewrite of existing rows.
ALTER TABLE "Team" ADD COLUMN "swapCollectionIds" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];

ALTER TABLE "Gift" ADD COLUMN "swapCollectionId" INTEGER;
