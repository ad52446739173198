// How much of a request body each kind of path may send, in bytes: one home for the figures.
// scripts/http-guard.mjs enforces them on the raw stream of the production server, before Next
// buffers anything (Next copies the body of every path proxy.ts matches, and server actions read
// theirs whole); route code enforces the same figures while it reads (lib/http/read-body.ts), so
// in-process callers and `next dev` get them too. docs/security.md lists them.

// Each limit is what one request may hold in memory while it is read (JSON is parsed whole), so
// ten at once stay within a few tens of MB.
/** The JSON API: a gift, a webhook endpoint, a replay or a simulation is a few KB. */
export const API_BODY_LIMIT = 1024 * 1024;
/** Bulk gifts: 10,000 recipients of up to ~300 bytes each (name, email, a from line, dates). */
export const BULK_BODY_LIMIT = 3 * 1024 * 1024;
/** Token requests are a handful of short fields. */
export const OAUTH_TOKEN_BODY_LIMIT = 64 * 1024;
/** A dynamic client registration (RFC 7591): a name and at most 10 redirect URIs of 2 KB, with room for metadata Ribbon ignores. */
export const OAUTH_REGISTER_BODY_LIMIT = 32 * 1024;
/** Auth.js posts (sign-in email, sign-out): an address, a CSRF token and a callback URL. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** Inngest's calls to its serve route: a run's event and step state (Ribbon's jobs carry ids). */
export const INNGEST_BODY_LIMIT = 4 * 1024 * 1024;
/** Server actions (next.config.mjs `serverActions.bodySizeLimit`) and any other post to a page. */
export const PAGE_BODY_LIMIT = 1024 * 1024;
/**
 * The dashboard's CSV upload (a server action posting to `/dashboard/:team/upload`): a file of up
 * to 5 MB (lib/dashboard/upload.ts MAX_UPLOAD_BYTES, ~10,000 rows are 1–2 MB) and the form's
 * few fields around it. The action refuses a file over 5 MB with its own message.
 */
export const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024;
/**
 * The dashboard's suppression list (`/dashboard/:team/suppressions`): its CSV import takes a file of
 * up to 1 MB (lib/delivery/suppressions.ts MAX_SUPPRESSION_CSV_BYTES) and the form around it.
 */
export const SUPPRESSIONS_BODY_LIMIT = 2 * 1024 * 1024;
/**
 * The most fields a form may post to a page (a server action): Ribbon's largest forms hold a few
 * dozen, and a body of many tiny fields costs Next ~0.1 ms each to decode before any action runs
 * (8,000 fields held the event loop ~0.5 s). scripts/http-guard.mjs counts them as the body streams.
 */
export const FORM_FIELDS_LIMIT = 1_000;

/** What the refusal of a form with too many fields says. */
export const tooManyFieldsMessage = `A form may send at most ${FORM_FIELDS_LIMIT.toLocaleString("en-US")} fields.`;

/** What Next lets any server action send: the largest page limit (the guard holds each path to its own). */
export const SERVER_ACTION_BODY_LIMIT = Math.max(PAGE_BODY_LIMIT, UPLOAD_BODY_LIMIT);

/**
 * The limit of a path and the format its 413 takes: a JSON:API error document (`jsonapi`), the
 * RFC 6749 error JSON (`oauth`) or an HTML page (`page`).
 * @param {string} pathname
 * @returns {{ limitBytes: number, format: "jsonapi" | "oauth" | "page" }}
 */
export function bodyLimitFor(pathname) {
  if (pathname === "/oauth2/token" || pathname.startsWith("/oauth2/token/"))
    return { limitBytes: OAUTH_TOKEN_BODY_LIMIT, format: "oauth" };
  if (pathname === "/oauth2/register" || pathname.startsWith("/oauth2/register/"))
    return { limitBytes: OAUTH_REGISTER_BODY_LIMIT, format: "oauth" };
  if (pathname.startsWith("/api/auth/")) return { limitBytes: AUTH_BODY_LIMIT, format: "page" };
  if (pathname === "/api/inngest" || pathname.startsWith("/api/inngest/"))
    return { limitBytes: INNGEST_BODY_LIMIT, format: "jsonapi" };
  if (/^\/api\/v1\/(teams\/[^/]+\/)?bulk\/gifts\/?$/.test(pathname))
    return { limitBytes: BULK_BODY_LIMIT, format: "jsonapi" };
  if (pathname.startsWith("/api/")) return { limitBytes: API_BODY_LIMIT, format: "jsonapi" };
  if (/^\/dashboard\/[^/]+\/upload\/?$/.test(pathname)) return { limitBytes: UPLOAD_BODY_LIMIT, format: "page" };
  if (/^\/dashboard\/[^/]+\/suppressions\/?$/.test(pathname))
    return { limitBytes: SUPPRESSIONS_BODY_LIMIT, format: "page" };
  return { limitBytes: PAGE_BODY_LIMIT, format: "page" };
}

/**
 * "1 MB", "64 KB": how the limit is written in messages.
 * @param {number} n
 */
export const formatBytes = (n) => (n >= 1024 * 1024 ? `${n / 1024 / 1024} MB` : `${n / 1024} KB`);

/**
 * What a form says of a chosen file over its limit, before it is sent (the page's script) and
 * again when it arrives (the server action): the one wording, with what to do.
 * @param {number} maxBytes
 */
export const fileTooLargeMessage = (maxBytes) =>
  `The file is larger than ${formatBytes(maxBytes)}: split it into smaller files.`;

/**
 * The refusal of a form's file over `maxBytes` (fileTooLargeMessage), or null when it is within.
 * @param {unknown} file a FormData entry
 * @param {number} maxBytes
 * @returns {string | null}
 */
export const fileTooLarge = (file, maxBytes) =>
  typeof File !== "undefined" && file instanceof File && file.size > maxBytes ? fileTooLargeMessage(maxBytes) : null;

/** @param {number} limitBytes */
export const tooLargeMessage = (limitBytes) => `The request body is larger than ${formatBytes(limitBytes)}.`;

/**
 * The 413 page for a page, a server action or a sign-in post: plain HTML in the site's colours
 * (the body was cut off, so no React page can be rendered for this request).
 * @param {number} limitBytes
 * @param {string} homeUrl
 */
export const tooLargePage = (limitBytes, homeUrl) =>
  errorPage(
    "That was more than we can take",
    `${tooLargeMessage(limitBytes)} Nothing was saved. Go back and try again with less.`,
    homeUrl,
  );

/**
 * A minimal error page in the site's colours, for answers given before or around Next (where no
 * React page can be rendered): a body over its limit, a request Node could not parse.
 * @param {string} heading
 * @param {string} text
 * @param {string} homeUrl
 */
export function errorPage(heading, text, homeUrl) {
  const escape = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(heading)} · Ribbon</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#fff}main{max-width:36rem;margin:4rem auto;padding:0 1.5rem}h1{font-size:1.5rem;color:#9f1d22}a{color:#9f1d22}</style>
</head><body><main><h1>${escape(heading)}</h1>
<p>${escape(text)}</p>
<p><a href="${escape(homeUrl)}/">Back to Ribbon</a></p></main></body></html>
`;
}
