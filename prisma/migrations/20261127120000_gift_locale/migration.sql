-- The recipient's language (lib/i18n); null when the sender gave none. Nullable: no rewrite of existing rows.
ALTER TABLE "Gift" ADD COLUMN "locale" TEXT;
