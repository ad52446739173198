/**
 * A unique-index violation: PostgreSQL's code 23505 from the driver itself (pg, PGlite), or
 * through Prisma: P2002 on PostgreSQL; the PGlite adapter (built against an older
 * driver-adapter protocol) throws a DriverAdapterError whose cause carries 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  type Cause = { code?: string; originalCode?: string; kind?: string };
  const e = error as
    (Cause & { cause?: Cause; meta?: { code?: string; driverAdapterError?: { cause?: Cause } } }) | null;
  // A raw statement in a Prisma transaction (P2010) carries the driver's error in `meta`.
  const causes = [e?.cause, e?.meta?.driverAdapterError?.cause];
  return (
    e?.code === "23505" ||
    e?.code === "P2002" ||
    e?.meta?.code === "23505" ||
    causes.some((c) => c?.code === "23505" || c?.originalCode === "23505" || c?.kind === "UniqueConstraintViolation")
  );
}

/**
 * Prisma could not run an interactive transaction at all (P2028: no connection within
 * `maxWait`, or the transaction closed by its timeout): nothing it did was committed, so the
 * work may be tried again.
 */
export function isTransactionApiError(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2028";
}
