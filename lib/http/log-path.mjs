// What a log line may say of a request's path, one home for every line that names a request: the
// API's request log (lib/api/request-id.ts) and the event loop's block log (lib/http/event-loop.mjs,
// loaded by scripts/http-guard.mjs before Next, hence plain JavaScript). By rule, not by a list of
// paths:
// - the query string and the fragment are dropped (sign-in and verification links carry their
//   token and address there);
// - a segment that is, or percent-decodes to, an email address becomes `:email`, whatever the route;
// - every dynamic segment of the app's routes is declared below, safe to log (an opaque id, a slug)
//   or secret (a bearer token, an address): a secret one becomes `:<its name>` (a catch-all, all of
//   its segments). lib/http/log-path.test.ts walks app/ and fails on a dynamic segment declared
//   neither way, or a declaration no route has.

/** @typedef {"safe" | "secret"} Logged */

/**
 * Each route of app/ with a dynamic segment, as its URL reads (route groups left out), and whether
 * each of its dynamic segments may be logged.
 * @type {Readonly<Record<string, Readonly<Record<string, Logged>>>>}
 */
export const ROUTE_SEGMENTS = {
  "/dashboard/[team_id]": { team_id: "safe" },
  "/dashboard/[team_id]/campaigns/[batch_id]": { team_id: "safe", batch_id: "safe" },
  "/dashboard/[team_id]/gifts/[gift_id]": { team_id: "safe", gift_id: "safe" },
  "/teams/[team_id]": { team_id: "safe" },
  // The invitation's, the untie link's and the unsubscribe link's token are bearer credentials.
  "/invitations/[token]": { token: "secret" },
  "/untie/[token]": { token: "secret" },
  "/unsubscribe/[token]": { token: "secret" },
  "/cards/[design]": { design: "safe" },
  "/cards/[design]/[logo]": { design: "safe", logo: "safe" },
  "/.well-known/oauth-protected-resource/[[...path]]": { path: "safe" },
  // Auth.js's own paths (signin, callback/email…): their tokens come in the query, dropped.
  "/api/auth/[...nextauth]": { nextauth: "safe" },
  // An unknown API path (its 404): logged as asked, but for any address in it.
  "/api/v1/[...path]": { path: "safe" },
  "/api/v1/batches/[id]": { id: "safe" },
  "/api/v1/gifts/[id]": { id: "safe" },
  "/api/v1/webhook-endpoints/[id]": { id: "safe" },
  "/api/v1/suppressions/[email]": { email: "secret" },
  "/api/v1/teams/[team_id]": { team_id: "safe" },
  "/api/v1/teams/[team_id]/batches/[id]": { team_id: "safe", id: "safe" },
  "/api/v1/teams/[team_id]/gifts/[id]": { team_id: "safe", id: "safe" },
  "/api/v1/teams/[team_id]/webhook-endpoints/[id]": { team_id: "safe", id: "safe" },
  "/api/v1/teams/[team_id]/suppressions/[email]": { team_id: "safe", email: "secret" },
  "/api/v1/erasures/[erasure_id]": { erasure_id: "safe" },
  "/api/v1/teams/[team_id]/erasures/[erasure_id]": { team_id: "safe", erasure_id: "safe" },
};

/** A logged path is cut here: a log line stays a line. */
const MAX_LOGGED = 200;

/**
 * @typedef {{ kind: "static", text: string } | { kind: "one" | "all" | "any", name: string, logged: Logged }} Part
 * @type {{ parts: Part[] }[]}
 */
const ROUTES = Object.entries(ROUTE_SEGMENTS).map(([pattern, segments]) => ({
  parts: pattern
    .split("/")
    .slice(1)
    .map((text) => {
      const dynamic = /^\[(\[)?(\.\.\.)?([^\]]+)\]?\]$/.exec(text);
      if (!dynamic) return { kind: "static", text };
      const name = dynamic[3];
      return { kind: dynamic[2] ? (dynamic[1] ? "any" : "all") : "one", name, logged: segments[name] ?? "secret" };
    }),
}));

/** Percent-decoding that never throws (a malformed escape stays as it is), once. */
function decodeOnce(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%(?:25|40)/gi, (escape) => (escape.toUpperCase() === "%40" ? "@" : "%"));
  }
}

/** Whether a segment is, or decodes (even encoded twice or more) to, something with an `@`: an address. */
function looksLikeAddress(segment) {
  let text = segment;
  for (let i = 0; i < 4; i++) {
    if (text.includes("@") || /%40/i.test(text)) return true;
    const next = decodeOnce(text);
    if (next === text) return false;
    text = next;
  }
  return true; // still decoding after four rounds: not a path anyone types, not logged
}

/**
 * How well a route matches the segments: a score per segment (a static match beats a dynamic one,
 * which beats a catch-all, which beats none), compared left to right as Next picks a route; null
 * when it does not match. A route matches a path's beginning: the segments past it are its static
 * children (`/untie/[token]/choose`).
 * @param {Part[]} parts
 * @param {string[]} segments
 */
function score(parts, segments) {
  const scores = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.kind === "all" || part.kind === "any") {
      if (part.kind === "all" && i >= segments.length) return null;
      while (scores.length < segments.length) scores.push(1);
      return scores;
    }
    if (i >= segments.length) return null;
    if (part.kind === "static") {
      if (part.text !== segments[i]) return null;
      scores.push(3);
    } else scores.push(2);
  }
  while (scores.length < segments.length) scores.push(0);
  return scores;
}

const better = (a, b) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
};

/**
 * A request's path as a log line may carry it: no query, no fragment, no address, no secret
 * segment (see above); repeated slashes as one. `url`: a path with or without its query
 * (`/untie/abc?x=1`).
 * @param {string} url
 * @returns {string}
 */
export function loggedPath(url) {
  // Repeated slashes read as one (`//untie/…` is still the untie page's token).
  const path = String(url ?? "")
    .split("?")[0]
    .split("#")[0]
    .replace(/\/{2,}/g, "/");
  const rooted = path.startsWith("/");
  const segments = rooted ? path.split("/").slice(1) : path.split("/");
  let best = null;
  let bestScore = null;
  for (const route of ROUTES) {
    const s = score(route.parts, segments);
    if (s && (!bestScore || better(s, bestScore))) [best, bestScore] = [route, s];
  }
  const out = segments.map((segment) => (looksLikeAddress(segment) ? ":email" : segment));
  if (best) {
    for (let i = 0; i < best.parts.length && i < segments.length; i++) {
      const part = best.parts[i];
      if (part.kind === "static" || part.logged === "safe") continue;
      if (part.kind === "one") out[i] = `:${part.name}`;
      else {
        out.splice(i, out.length - i, `:${part.name}`);
        break;
      }
    }
  }
  const logged = rooted ? `/${out.join("/")}` : out.join("/");
  return logged.slice(0, MAX_LOGGED);
}

/** Anything shaped like an email address, as a provider's message quotes it (`<robin@…>`). */
const ADDRESS = /[^\s<>()"'@,;:]+@[^\s<>()"'@,;:]+/g;

/**
 * A free text (a provider's failure message) fit for a log line: every address in it becomes
 * `:email`, and it is cut to one line.
 * @param {string} text
 */
export const loggedText = (text) => text.replace(ADDRESS, ":email").replace(/\s+/g, " ").slice(0, MAX_LOGGED);
