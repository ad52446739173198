-- Where each product can go, and the country a sender names for a recipient (docs/international.md).
-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "shipsTo" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- A product already in a database went where the address form let it go: the eleven countries
-- it listed before products said where they ship. The seed then sets its own products' lists.
UPDATE "Product" SET "shipsTo" = ARRAY['US', 'CA', 'GB', 'IE', 'DE', 'FR', 'NL', 'BE', 'ES', 'AU', 'JP']::TEXT[];

-- AlterTable
ALTER TABLE "Gift" ADD COLUMN     "recipientCountry" TEXT;

-- No product is chosen for an address it doesn't ship to, whatever writes the choice
-- (lib/redemption/redeem.ts checks first, with the recipient's words; this is the guarantee).
CREATE FUNCTION "gift_choice_ships_to_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Product" p
                  WHERE p."id" = NEW."selectedProductId"
                    AND (NEW."address" ->> 'country') = ANY (p."shipsTo")) THEN
    RAISE EXCEPTION 'not_deliverable: product % does not ship to %', NEW."selectedProductId", coalesce(NEW."address" ->> 'country', 'no country')
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Gift_choice_ships_on_insert" BEFORE INSERT ON "Gift"
  FOR EACH ROW WHEN (NEW."selectedProductId" IS NOT NULL)
  EXECUTE FUNCTION "gift_choice_ships_to_address"();

-- On a change of the choice only: erasure later scrubs the address of a chosen gift.
CREATE TRIGGER "Gift_choice_ships_on_update" BEFORE UPDATE OF "selectedProductId" ON "Gift"
  FOR EACH ROW WHEN (NEW."selectedProductId" IS NOT NULL AND NEW."selectedProductId" IS DISTINCT FROM OLD."selectedProductId")
  EXECUTE FUNCTION "gift_choice_ships_to_address"();
