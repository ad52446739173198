-- Charities a recipient may donate their gift to (seeded with the catalogue), and on the gift the
-- charity and the value recorded against it. Nullable columns: no rewrite of existing rows.
CREATE TABLE "Charity" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "logoUrl" TEXT NOT NULL,
    "sentence" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Charity_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Charity_slug_key" ON "Charity"("slug");

ALTER TABLE "Gift" ADD COLUMN "donatedToCharityId" INTEGER,
ADD COLUMN "donatedCents" INTEGER;

ALTER TABLE "Gift" ADD CONSTRAINT "Gift_donatedToCharityId_fkey" FOREIGN KEY ("donatedToCharityId") REFERENCES "Charity"("id") ON DELETE SET NULL ON UPDATE CASCADE;
