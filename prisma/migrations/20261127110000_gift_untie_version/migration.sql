-- A gift's untie secret is derived from its id and this version (lib/gifts/untie.ts). Correcting
-- the recipient's email bumps it: the new address gets a new link and the old one stops working.
ALTER TABLE "Gift" ADD COLUMN "untieVersion" INTEGER NOT NULL DEFAULT 0;
