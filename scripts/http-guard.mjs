// Preloaded into the production server by scripts/start.mjs (NODE_OPTIONS=--import): it sees each
// raw node request before Next does.
// - Request bodies are capped while they stream, per kind of path (lib/http/body-limits.mjs): the
//   byte that crosses the limit is never handed to Next, the client gets a 413 at once (JSON:API
//   on the API, RFC 6749 JSON on /oauth2/token, an HTML page elsewhere) and the connection is
//   closed. Without it Next copies the body of every path proxy.ts matches (server actions,
//   /oauth2/token, sign-in) and waits for its end, however big, before any of our code runs.
// - Requests Node itself refuses before any code runs (headers over 16 KB → 431, a malformed
//   request line → 400) get the error in the path's format rather than an empty answer.
// - A page error Next writes as plain text (a no-JavaScript form post whose server action can't be
//   read: "Invalid Server Action request.") becomes a page.
// - TRACE: Node accepts it but fetch's Request refuses it → 405.
// - A path whose percent-encoding is not UTF-8 (/api/v1/gifts/%FF): Next fails decoding it → 404.
// API paths get a JSON:API error document shaped like lib/api/errors.ts; pages are handed to
// Next as an unknown path, so the site's own 404 page answers.
// It also writes the client's address into x-ribbon-client-ip, whether the request came with any
// forwarding header into x-ribbon-forwarded ("1"/"0"), and this process's random key into
// x-ribbon-guard (replacing whatever a client sent), since route handlers can't see the peer:
// lib/http/client-address.ts believes them only beside that key. The client is the socket's peer,
// unless RIBBON_TRUST_PROXY=1 and the peer is a proxy RIBBON_TRUSTED_PROXIES lists (loopback by
// default): then the right-most X-Forwarded-For entry that is not a listed proxy
// (lib/http/trusted-proxies.mjs). From any other peer X-Forwarded-*, Forwarded and X-Real-IP are
// the client's own words: they are dropped, so neither Next (the server actions' origin check)
// nor our code can be told another host or address. And a page POST (server action, sign-in
// form) whose Origin is not APP_URL's is refused here with a 403 page.
// And it gives the server its connection timeouts (SERVER_TIMEOUTS below; docs/reliability.md).
// And it gives every page request its headers (lib/http/page-headers.mjs): a fresh CSP nonce in the
// request's Content-Security-Policy, which Next puts on its scripts, the path the root layout reads
// (x-ribbon-path, a client's own replaced) and the security headers on the response. Here rather
// than in proxy.ts: Next's proxy adapter alone cost a fifth of a small page's CPU.
// And it watches the event loop (lib/http/event-loop.mjs): every request is marked in flight until
// its response closes, so a block of 200 ms or more is logged with the routes that were running.
import { randomBytes } from "node:crypto";
import http from "node:http";
import {
  bodyLimitFor,
  errorPage,
  FORM_FIELDS_LIMIT,
  tooLargeMessage,
  tooLargePage,
  tooManyFieldsMessage,
} from "../lib/http/body-limits.mjs";
import {
  DEFAULT_TRUSTED_PROXIES,
  isListed,
  parseTrustedProxies,
  resolveClientAddress,
} from "../lib/http/trusted-proxies.mjs";
import { startProcessWatch } from "../lib/http/event-loop.mjs";
import { givePageHeaders, isPagePath } from "../lib/http/page-headers.mjs";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED = new Set(ALLOW.split(", "));
const appUrl = () => (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
// After a 413 the client may go on sending: it gets this long to read the answer, then the socket closes.
const CLOSE_AFTER_REFUSAL_MS = 1000;

function malformedPath(url) {
  const path = url.split("?")[0];
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function apiError(response, status, code, title, detail, headers = {}) {
  const requestId = `req_${randomBytes(12).toString("base64url")}`;
  const body = {
    errors: [{ title, status, detail, code, links: { about: `${appUrl()}/docs#errors` } }],
    meta: { "request-id": requestId },
  };
  response.writeHead(status, { "Content-Type": "application/vnd.api+json", "Request-Id": requestId, ...headers });
  response.end(JSON.stringify(body));
}

const GUARD_KEY = randomBytes(18).toString("base64url");
globalThis[Symbol.for("ribbon.httpGuardKey")] = GUARD_KEY;
let proxies = { value: undefined, list: null };
/**
 * The proxies whose forwarding headers are believed (a net.BlockList), or null: none unless
 * RIBBON_TRUST_PROXY=1. A malformed RIBBON_TRUSTED_PROXIES trusts nobody here; the server's
 * start (lib/boot.ts) stops on it with a line naming the variable.
 */
function trustedProxies() {
  if (process.env.RIBBON_TRUST_PROXY !== "1") return null;
  const value = process.env.RIBBON_TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES;
  if (proxies.value !== value) proxies = { value, list: parseTrustedProxies(value).list ?? null };
  return proxies.list;
}
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];

// Page posts carry a session cookie: a browser always sends Origin with them, and it must be
// APP_URL's, on a request addressed to APP_URL's host (Next's own check compares Origin with the
// host and would answer a mismatch with a 500). The API (tokens) and the OAuth token and
// registration endpoints (server to server, no cookie acts) are not page posts.
function crossSitePagePost(request, viaTrustedProxy) {
  if (request.method !== "POST") return false;
  const path = request.url.split("?")[0];
  if (
    (path.startsWith("/api/") && !path.startsWith("/api/auth/")) ||
    path === "/oauth2/token" ||
    path === "/oauth2/register"
  )
    return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const site = new URL(appUrl());
    const host = (viaTrustedProxy && request.headers["x-forwarded-host"]) || request.headers.host;
    return origin !== site.origin || host !== site.host;
  } catch {
    return true;
  }
}

function forbiddenPage(response) {
  const page = errorPage(
    "This form came from another site",
    "For your safety Ribbon only accepts forms sent from its own pages. Nothing was changed: go to Ribbon and try again from there.",
    appUrl(),
  );
  response.writeHead(403, { ...PAGE_HEADERS, ...NO_STORE, Connection: "close" });
  response.end(page);
}

const NO_STORE = { "Cache-Control": "no-store" };
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

/** The 413 in the format of the path's kind, with the connection closed behind it. */
function tooLarge(response, { limitBytes, format }) {
  const headers = { ...NO_STORE, Connection: "close" };
  if (format === "jsonapi")
    return apiError(response, 413, "payload_too_large", "PayloadTooLarge", tooLargeMessage(limitBytes), headers);
  if (format === "oauth") {
    response.writeHead(413, { "Content-Type": "application/json", Pragma: "no-cache", ...headers });
    return response.end(JSON.stringify({ error: "invalid_request", error_description: tooLargeMessage(limitBytes) }));
  }
  response.writeHead(413, { ...PAGE_HEADERS, ...headers });
  response.end(tooLargePage(limitBytes, appUrl()));
}

/** Whatever Next still writes for a request the guard has answered goes nowhere. */
function silence(response) {
  const self = () => response;
  Object.assign(response, {
    writeHead: self,
    setHeader: self,
    appendHeader: self,
    removeHeader: () => undefined,
    flushHeaders: () => undefined,
    write: () => true,
  });
  response.end = (...args) => {
    const callback = args.find((arg) => typeof arg === "function");
    if (callback) queueMicrotask(callback);
    return response;
  };
}

/**
 * Closes the connection a second after the 413 went out. Until then the rest of the body is read
 * and dropped: Node would close at once (the answer says `Connection: close`), and closing a socket
 * with unread bytes resets it, which can make the client lose the answer while it is still sending.
 */
function closeSoon(response) {
  const socket = response.socket;
  if (!socket) return;
  socket.destroySoon = () => socket.end();
  const close = () => setTimeout(() => socket.destroy(), CLOSE_AFTER_REFUSAL_MS).unref();
  if (response.writableFinished) close();
  else response.once("finish", close);
}

/**
 * Counts the body's bytes as the parser hands them over (IncomingMessage#push) and stops at the
 * limit. The end of a refused body is swallowed too: Next must never take a cut-off body for a
 * whole one. Its reader sees the request aborted when the socket closes.
 */
function capBody(request, response, limit) {
  let received = 0;
  let refused = false;
  const fields = limit.format === "page" ? fieldCounter(request.headers["content-type"]) : null;
  const push = request.push;
  request.push = function (chunk, encoding) {
    if (refused) return true;
    if (chunk !== null) received += chunk.length;
    const tooManyFields = chunk !== null && fields !== null && fields(chunk) > FORM_FIELDS_LIMIT;
    if (received <= limit.limitBytes && !tooManyFields) return push.call(this, chunk, encoding);
    refused = true;
    if (!response.headersSent) {
      if (tooManyFields) {
        response.writeHead(413, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        response.end(errorPage("That form was too long", `${tooManyFieldsMessage} Nothing was saved.`, appUrl()));
      } else tooLarge(response, limit);
      silence(response);
    }
    closeSoon(response);
    return true;
  };
}

/**
 * Counts a form body's fields as its chunks stream by (multipart: its boundary lines, a boundary
 * split between two chunks included; urlencoded: its `&`s), or null for any other body.
 * @param {string | undefined} contentType
 * @returns {((chunk: Buffer) => number) | null}
 */
function fieldCounter(contentType = "") {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const separator = boundary
    ? Buffer.from(`--${boundary}`)
    : /^application\/x-www-form-urlencoded\b/i.test(contentType)
      ? Buffer.from("&")
      : null;
  if (!separator) return null;
  let count = 0;
  let tail = Buffer.alloc(0);
  return (chunk) => {
    const data = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    for (let at = data.indexOf(separator); at !== -1; at = data.indexOf(separator, at + separator.length)) count++;
    tail = data.subarray(Math.max(0, data.length - separator.length + 1));
    return count;
  };
}

const STATUS_TEXT = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Payload Too Large",
  431: "Request Header Fields Too Large",
};
const PARSER_ERRORS = {
  HPE_HEADER_OVERFLOW: [
    431,
    "request_header_fields_too_large",
    "RequestHeaderFieldsTooLarge",
    "The request's headers (the URL included) are larger than 16 KB.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout", "RequestTimeout", "The request took too long to arrive."],
};

/**
 * Node's answer to a request its parser refused, in the format of the path on its request line
 * (when the packet has one): a JSON:API document, the OAuth error JSON or a page.
 */
function refuseUnparsed(error, socket) {
  if (!socket.writable || socket._httpMessage) return false;
  const [status, code, title, detail] = PARSER_ERRORS[error.code] ?? [
    400,
    "bad_request",
    "BadRequest",
    "The request is not valid HTTP/1.1.",
  ];
  const [, method, path = ""] = /^([A-Z]+) (\/[^\s?]*)/.exec(error.rawPacket?.toString("latin1") ?? "") ?? [];
  const { format } = bodyLimitFor(path.split("?")[0]);
  let type = PAGE_HEADERS["Content-Type"];
  let body = errorPage(`${status} ${STATUS_TEXT[status]}`, detail, appUrl());
  if (format === "jsonapi") {
    type = "application/vnd.api+json";
    body = JSON.stringify({ errors: [{ title, status, detail, code, links: { about: `${appUrl()}/docs#errors` } }] });
  } else if (format === "oauth") {
    type = "application/json";
    body = JSON.stringify({ error: "invalid_request", error_description: detail });
  }
  const head = `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n`;
  socket.end(method === "HEAD" ? head : head + body);
  // A client that never reads (a slowloris) never sends its own FIN: without this the socket
  // would stay half-open as long as it keeps dripping bytes.
  setTimeout(() => socket.destroy(), CLOSE_AFTER_REFUSAL_MS).unref();
  return true;
}

const PAGE_ERROR_TEXT = {
  400: "This form could not be read. Go back to the page, reload it and try again.",
  409: "This form is out of date. Go back to the page, reload it and try again.",
};

/**
 * A plain-text error Next writes for a page (a form posted without JavaScript whose server action
 * can't be read: "Invalid Server Action request.") goes out as a page. Decided when the headers
 * are written, so it holds whether Next ends with the text or streams it through compression
 * (whose bytes are dropped along with the Content-Encoding).
 */
function pageErrorsAsPages(response) {
  const { writeHead, write, end } = response;
  let converting = false;
  const plainError = (self, status, headers) => {
    const type = String(
      (headers && (headers["content-type"] ?? headers["Content-Type"])) ?? self.getHeader("content-type") ?? "",
    );
    return status >= 400 && type.startsWith("text/plain");
  };
  const page = (status) =>
    errorPage(
      `${status} ${http.STATUS_CODES[status] ?? "Error"}`,
      PAGE_ERROR_TEXT[status] ?? "Something went wrong with this request. Go back and try again.",
      appUrl(),
    );
  const toPage = (self, headers) => {
    converting = true;
    for (const name of ["content-length", "content-encoding", "etag"]) self.removeHeader(name);
    if (headers)
      for (const key of Object.keys(headers))
        if (/^(content-(type|length|encoding)|etag)$/i.test(key)) delete headers[key];
    for (const [name, value] of Object.entries(PAGE_HEADERS)) self.setHeader(name, value);
  };
  response.writeHead = function (status, ...rest) {
    const headers = rest.find((a) => a && typeof a === "object" && !Array.isArray(a));
    if (!this.headersSent && plainError(this, status, headers)) toPage(this, headers);
    return writeHead.call(this, status, ...rest);
  };
  response.write = function (...args) {
    if (!converting) return write.apply(this, args);
    const callback = args.find((a) => typeof a === "function");
    if (callback) process.nextTick(callback);
    return true;
  };
  response.end = function (...args) {
    const callbacks = args.filter((a) => typeof a === "function");
    if (!converting && !this.headersSent && plainError(this, this.statusCode)) toPage(this);
    if (!converting) return end.apply(this, args);
    return end.call(this, this.req?.method === "HEAD" ? undefined : page(this.statusCode), ...callbacks);
  };
}

/** TRACE (Node takes it, fetch's Request refuses it), PROPFIND, SEARCH…: Next would answer an empty 400. */
function methodNotAllowed(request, response, format) {
  const detail = `${request.method} is not supported. See OPTIONS for the methods an endpoint serves.`;
  if (format === "jsonapi")
    return apiError(response, 405, "method_not_allowed", "MethodNotAllowed", detail, { Allow: ALLOW });
  if (format === "oauth") {
    response.writeHead(405, { "Content-Type": "application/json", Allow: ALLOW, ...NO_STORE });
    return response.end(JSON.stringify({ error: "invalid_request", error_description: detail }));
  }
  response.writeHead(405, { ...PAGE_HEADERS, Allow: ALLOW });
  response.end(request.method === "HEAD" ? undefined : errorPage("405 Method Not Allowed", detail, appUrl()));
}

/**
 * Next creates its server with Node's defaults; these replace them (docs/reliability.md):
 * - headersTimeout 10 s: a client gets 10 s to send its request line and headers, so slow
 *   clients (one byte a second) hold a socket for 10 s, not Node's 60 s.
 * - requestTimeout 120 s: the whole request, body included (a 10,000-recipient bulk body is
 *   ~2.5 MB); Node's default is 300 s.
 * - keepAliveTimeout 65 s: longer than a load balancer's idle timeout (HAProxy's
 *   `timeout http-keep-alive`, 60 s on AWS ALB), so the balancer, not Node, closes idle
 *   connections and never sends a request on a socket Node is closing.
 * - connectionsCheckingInterval 1 s: how often Node enforces the first two (default 30 s).
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
};

const createServer = http.createServer;
http.createServer = function (options, listener) {
  if (typeof options === "function" || options === undefined) return createServer.call(this, SERVER_TIMEOUTS, options);
  return createServer.call(this, { ...SERVER_TIMEOUTS, ...options }, listener);
};

const eventLoop = startProcessWatch();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === "clientError" && refuseUnparsed(request, response)) return true;
  if (event !== "request") return emit.apply(this, arguments);
  response.once("close", eventLoop.request(request.method, request.url));
  const peer = request.socket.remoteAddress ?? "unknown";
  const trusted = trustedProxies();
  const viaTrustedProxy = trusted !== null && isListed(trusted, peer);
  request.headers["x-ribbon-client-ip"] = resolveClientAddress(
    peer,
    viaTrustedProxy ? request.headers["x-forwarded-for"] : undefined,
    trusted,
  );
  request.headers["x-ribbon-forwarded"] = FORWARDING_HEADERS.some((name) => name in request.headers) ? "1" : "0";
  request.headers["x-ribbon-guard"] = GUARD_KEY;
  if (!viaTrustedProxy) for (const name of FORWARDING_HEADERS) delete request.headers[name];
  if (crossSitePagePost(request, viaTrustedProxy)) {
    forbiddenPage(response);
    closeSoon(response);
    return true;
  }
  const limit = bodyLimitFor(request.url.split("?")[0]);
  if (!ALLOWED.has(request.method)) {
    methodNotAllowed(request, response, limit.format);
    return true;
  }
  if (Number(request.headers["content-length"]) > limit.limitBytes) {
    tooLarge(response, limit);
    closeSoon(response);
    return true;
  }
  capBody(request, response, limit);
  // A browser posting a form without JavaScript reads the answer as a page; Next's own clients send Next-Action.
  if (limit.format === "page" && !request.headers["next-action"]) pageErrorsAsPages(response);
  if (malformedPath(request.url)) {
    if (limit.format !== "page") {
      apiError(
        response,
        404,
        "not_found",
        "NotFound",
        "No such resource: the path is not valid UTF-8 percent-encoding.",
      );
      return true;
    }
    request.url = "/not-found"; // no such page: Next renders the site's 404
  }
  const pathname = request.url.split("?")[0];
  if (isPagePath(pathname)) givePageHeaders(request, response, pathname, appUrl());
  return emit.apply(this, arguments);
};
