/**
 * Calendar dates as Ribbon reads them from people: `YYYY-MM-DD`, a day that exists (30 days in
 * April, 29 February only in a leap year) in the years 0001 to 9999. PostgreSQL refuses what
 * this refuses (year 0000, 31 April), so a date that passes here never fails in SQL. The API's
 * dates and timestamps (`expires_on`, `scheduled_at`, the charges' `filter[created_…]`) and the
 * dashboard's `from`/`to` all check here.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Days in `month` (1–12) of `year`. */
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Whether year (1–9999), month (1–12) and day name a day of the Gregorian calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month)
  );
}

/** `value` when it is a calendar date `YYYY-MM-DD` (see above), else null. */
export function parseCalendarDate(value: string): string | null {
  const match = DAY.exec(value);
  return match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) ? value : null;
}

/** The same day a year later (`2027-02-28` for `2026-02-28`; 29 February → 1 March). */
export function addYear(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}
