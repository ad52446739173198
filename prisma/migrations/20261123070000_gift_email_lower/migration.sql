-- filter[email] is an exact, case-insensitive match: lower("email") = lower($1).
-- (An expression index: prisma/schema.prisma cannot declare it, so it lives here only.)
CREATE INDEX "Gift_teamId_lower_email_idx" ON "Gift"("teamId", lower("email"));
