/** Items on a page of a list when the caller doesn't say (`page[size]`). */
export const DEFAULT_PAGE_SIZE = 50;

/** A position in a newest-first list: the last item's creation time and id. */
export type Cursor = { createdAt: Date; id: string };

export function encodeCursor(item: { createdAt: Date; id: string | number }): string {
  return Buffer.from(`${item.createdAt.toISOString()}|${item.id}`).toString("base64url");
}

/** Undefined for anything that isn't a cursor we made. */
export function decodeCursor(value: string): Cursor | undefined {
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  // Four-digit years only: a date like +275760-09-13 is valid JavaScript but no PostgreSQL timestamp.
  if (
    !id ||
    id.includes("\u0000") ||
    !/^\d{4}-/.test(iso ?? "") ||
    Number.isNaN(createdAt.getTime()) ||
    createdAt.toISOString() !== iso
  )
    return undefined;
  return { createdAt, id };
}
