// Preloaded into the production server by scripts/start.mjs (NODE_OPTIONS=--import): it sees each
// raw node request before Next does.
// - Request bodies are capped while they stream, per kind of path (lib/http/body-limits.mjs): the
//   byte that crosses the limit is never handed to Next, the client gets a 413 at once (JSON:API
//   on the API, RFC 6749 JSON on /oauth2/token, an HTML page elsewhere) and the connection is
//   closed. Without it Next copies the body of every path proxy.ts matches (server actions,
//   /oauth2/token, sign-in) and waits for its end, however big, before any of our code runs.
// - TRACE: Node accepts it but fetch's Request refuses it → 405.
// - A path whose percent-encoding is not UTF-8 (/api/v1/gifts/%FF): Next fails decoding it → 404.
// API paths get a JSON:API error document shaped like lib/api/errors.ts; pages are handed to
// Next as an unknown path, so the site's own 404 page answers.
// It also writes the socket's address into x-ribbon-client-ip (replacing whatever a client
// sent), since route handlers can't see the peer: rate limits per IP read it (lib/ratelimit).
import { randomBytes } from "node:crypto";
import http from "node:http";
import { bodyLimitFor, tooLargeMessage, tooLargePage } from "../lib/http/body-limits.mjs";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
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
  const body = { errors: [{ title, status, detail, code, links: { about: `${appUrl()}/docs#errors` } }], meta: { "request-id": requestId } };
  response.writeHead(status, { "Content-Type": "application/vnd.api+json", "Request-Id": requestId, ...headers });
  response.end(JSON.stringify(body));
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
  if (format === "jsonapi") return apiError(response, 413, "payload_too_large", "PayloadTooLarge", tooLargeMessage(limitBytes), headers);
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
  Object.assign(response, { writeHead: self, setHeader: self, appendHeader: self, removeHeader: () => undefined, flushHeaders: () => undefined, write: () => true });
  response.end = (...args) => {
    const callback = args.find((arg) => typeof arg === "function");
    if (callback) queueMicrotask(callback);
    return response;
  };
}

function closeSoon(response) {
  const socket = response.socket;
  if (!socket) return;
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
  const push = request.push;
  request.push = function (chunk, encoding) {
    if (refused) return true;
    if (chunk !== null) received += chunk.length;
    if (received <= limit.limitBytes) return push.call(this, chunk, encoding);
    refused = true;
    if (!response.headersSent) {
      tooLarge(response, limit);
      silence(response);
    }
    closeSoon(response);
    return true;
  };
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event !== "request") return emit.apply(this, arguments);
  request.headers["x-ribbon-client-ip"] = request.socket.remoteAddress ?? "unknown";
  const api = request.url.startsWith("/api/");
  if (request.method === "TRACE") {
    if (api) apiError(response, 405, "method_not_allowed", "MethodNotAllowed", "TRACE is not supported. See OPTIONS for the methods an endpoint serves.", { Allow: ALLOW });
    else response.writeHead(405, { "Content-Type": "text/plain", Allow: ALLOW }).end("Method Not Allowed\n");
    return true;
  }
  const limit = bodyLimitFor(request.url.split("?")[0]);
  if (Number(request.headers["content-length"]) > limit.limitBytes) {
    tooLarge(response, limit);
    closeSoon(response);
    return true;
  }
  capBody(request, response, limit);
  if (malformedPath(request.url)) {
    if (api) {
      apiError(response, 404, "not_found", "NotFound", "No such resource: the path is not valid UTF-8 percent-encoding.");
      return true;
    }
    request.url = "/not-found"; // no such page: Next renders the site's 404
  }
  return emit.apply(this, arguments);
};
