// Preloaded into the production server by scripts/start.mjs (NODE_OPTIONS=--import): requests
// that Next itself would answer with a plain-text 500 before any of our code runs.
// - TRACE: Node accepts it but fetch's Request refuses it → 405.
// - A path whose percent-encoding is not UTF-8 (/api/v1/gifts/%FF): Next fails decoding it → 404.
// API paths get a JSON:API error document shaped like lib/api/errors.ts; pages are handed to
// Next as an unknown path, so the site's own 404 page answers.
// It also writes the socket's address into x-ribbon-client-ip (replacing whatever a client
// sent), since route handlers can't see the peer: rate limits per IP read it (lib/ratelimit).
// And it gives the server its connection timeouts (SERVER_TIMEOUTS below; docs/reliability.md).
import { randomBytes } from "node:crypto";
import http from "node:http";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const appUrl = () => (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");

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
export const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 120_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 1_000 };

const createServer = http.createServer;
http.createServer = function (options, listener) {
  if (typeof options === "function" || options === undefined) return createServer.call(this, SERVER_TIMEOUTS, options);
  return createServer.call(this, { ...SERVER_TIMEOUTS, ...options }, listener);
};

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
  if (malformedPath(request.url)) {
    if (api) {
      apiError(response, 404, "not_found", "NotFound", "No such resource: the path is not valid UTF-8 percent-encoding.");
      return true;
    }
    request.url = "/not-found"; // no such page: Next renders the site's 404
  }
  return emit.apply(this, arguments);
};
