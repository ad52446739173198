/**
 * A unique-index violation: PostgreSQL's code 23505 from the driver itself (pg, PGlite), or
 * through Prisma: P2002 on PostgreSQL; the PGlite adapter (built against an older
 * driver-adapter protocol) throws a DriverAdapterError whose cause carries 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string; originalCode?: string; kind?: string } } | null;
  return (
    e?.code === "23505" ||
    e?.code === "P2002" ||
    e?.cause?.code === "23505" ||
    e?.cause?.originalCode === "23505" ||
    e?.cause?.kind === "UniqueConstraintViolation"
  );
}
