// Preloaded into the production server by scripts/start.mjs (NODE_OPTIONS=--import): requests
// that Next itself would answer with a plain-text 500 before any of our code runs.
// - TRACE: Node accepts it but fetch's Request refuses it → 405.
// - A path whose percent-encoding is not UTF-8 (/api/v1/gifts/%FF): Next fails decoding it → 404.
// API paths get a JSON:API error document shaped like lib/api/errors.ts; pages are handed to
// Next as an unknown path, so the site's own 404 page answers.
// It also writes the socket's address into x-ribbon-client-ip and this process's random key into
// x-ribbon-guard (replacing whatever a client sent), since route handlers can't see the peer:
// lib/http/client-address.ts believes the address only beside that key.
// Without a proxy the operator declared (RIBBON_TRUST_PROXY=1), X-Forwarded-* and Forwarded are
// the client's own words: they are dropped, so neither Next (the server actions' origin check)
// nor our code can be told another host or address. And a page POST (server action, sign-in
// form) whose Origin is not APP_URL's is refused here with a 403 page.
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

const GUARD_KEY = randomBytes(18).toString("base64url");
globalThis[Symbol.for("ribbon.httpGuardKey")] = GUARD_KEY;
const trustProxy = () => process.env.RIBBON_TRUST_PROXY === "1";
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"];

// Page posts carry a session cookie: a browser always sends Origin with them, and it must be
// APP_URL's, on a request addressed to APP_URL's host (Next's own check compares Origin with the
// host and would answer a mismatch with a 500). The API (tokens) and the OAuth token endpoint
// (server to server) are not page posts.
function crossSitePagePost(request) {
  if (request.method !== "POST") return false;
  const path = request.url.split("?")[0];
  if ((path.startsWith("/api/") && !path.startsWith("/api/auth/")) || path === "/oauth2/token") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const site = new URL(appUrl());
    const host = (trustProxy() && request.headers["x-forwarded-host"]) || request.headers.host;
    return origin !== site.origin || host !== site.host;
  } catch {
    return true;
  }
}

function forbiddenPage(response) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Forbidden · Ribbon</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#fafaf9;color:#1c1917}main{max-width:36rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}h1{font-size:1.5rem}a{color:#9f1239}</style></head>
<body><main><h1>This form came from another site</h1><p>For your safety Ribbon only accepts forms sent from its own pages. Nothing was changed.</p><p><a href="${appUrl()}/">Go to Ribbon</a> and try again from there.</p></main></body></html>`;
  response.writeHead(403, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Frame-Options": "DENY", "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" });
  response.end(page);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event !== "request") return emit.apply(this, arguments);
  request.headers["x-ribbon-client-ip"] = request.socket.remoteAddress ?? "unknown";
  request.headers["x-ribbon-guard"] = GUARD_KEY;
  if (!trustProxy()) for (const name of FORWARDING_HEADERS) delete request.headers[name];
  if (crossSitePagePost(request)) {
    forbiddenPage(response);
    return true;
  }
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
