-- filter[email] reads "Gift_teamId_lower_email_idx" (teamId, lower(email)); nothing reads the
-- case-sensitive (teamId, email) index, and every gift created paid for maintaining it.
DROP INDEX IF EXISTS "Gift_teamId_email_idx";
