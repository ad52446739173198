/**
 * The PostgreSQL extensions Ribbon's schema uses, for PGlite (which loads each from its own
 * package): every PGlite that opens Ribbon's data must pass them, or the indexes built on
 * them can't be used or maintained. PostgreSQL has them as contrib (`CREATE EXTENSION` in the
 * migrations).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
