-- The landed cost (docs/international.md): what a gift pays on arrival, kept on the gift, its
-- charge and the quote that held it.
ALTER TABLE "Gift" ADD COLUMN "dutiesMinor" INTEGER, ADD COLUMN "taxesMinor" INTEGER;
ALTER TABLE "Charge" ADD COLUMN "dutiesMinor" INTEGER, ADD COLUMN "taxesMinor" INTEGER;
ALTER TABLE "Quote" ADD COLUMN "landed" JSONB,
  ADD COLUMN "dutiesMinor" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "taxesMinor" INTEGER NOT NULL DEFAULT 0;
