/**
 * The one rule for free text a person writes and someone else reads (a gift's name, from line,
 * subject and message; a team's, batch's or person's name; a thank-you note, a decline or
 * rejection reason; an address): which characters it may not hold. Pure, so forms can check in
 * the browser what the server checks.
 *
 * Refused everywhere: C0 and C1 control characters and DEL (a NUL can't even be stored), the
 * bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 (they make
 * "gift.exe" read as something else, or reorder a sender's name inside a sentence), and a lone
 * UTF-16 surrogate (no character at all; PostgreSQL refuses it). On one line also U+2028/U+2029
 * (line and paragraph separators); multi-line text keeps tabs, newlines and carriage returns.
 * The marks a right-to-left language needs (U+200E, U+200F, U+061C) stay allowed.
 */
const BIDI_CONTROLS = "\\u202a-\\u202e\\u2066-\\u2069";
const LONE_SURROGATE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";

const ONE_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROLS}]|${LONE_SURROGATE}`);
const MULTI_LINE = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]|${LONE_SURROGATE}`,
);

/** Whether `value` holds a character free text may not hold (see above); `multiline` keeps tabs and line breaks. */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? MULTI_LINE : ONE_LINE).test(value);
}

/** `value` with every character one line of free text may not hold replaced by a space (a name taken from a file). */
export const withoutForbiddenCharacters = (value: string) => value.replace(new RegExp(ONE_LINE.source, "g"), " ");
