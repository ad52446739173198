/** A row as PostgreSQL's to_json gives it: its dates are text. */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * to_json writes `timestamp` as "YYYY-MM-DDTHH:MM:SS[.ffffff]" and `date` as "YYYY-MM-DD" (as the
 * API takes `expires_on`), both UTC by our convention.
 */
export const utc = (text: string) => new Date(text.length === 10 ? `${text}T00:00:00Z` : `${text}Z`);
export const utcOrNull = (text: string | null) => (text === null ? null : utc(text));
export const withDate = <T extends { createdAt: string }>(row: T) => ({ ...row, createdAt: utc(row.createdAt) });
