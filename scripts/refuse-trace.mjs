// Preloaded into the production server by scripts/start.mjs (NODE_OPTIONS=--import).
// Node accepts TRACE, but fetch's Request refuses it, so Next answers it with a plain-text 500
// before any proxy or route handler runs. Answer it here instead: a 405 (JSON:API on /api/),
// with the same document shape as lib/api/errors.ts.
import { randomBytes } from "node:crypto";
import http from "node:http";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function (event, request, response) {
  if (event !== "request" || request.method !== "TRACE") return emit.apply(this, arguments);
  const requestId = `req_${randomBytes(12).toString("base64url")}`;
  const api = request.url.startsWith("/api/");
  const about = `${(process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "")}/docs#errors`;
  const body = api
    ? JSON.stringify({
        errors: [{ title: "MethodNotAllowed", status: 405, detail: "TRACE is not supported. See OPTIONS for the methods an endpoint serves.", code: "method_not_allowed", links: { about } }],
        meta: { "request-id": requestId },
      })
    : "Method Not Allowed\n";
  response.writeHead(405, { "Content-Type": api ? "application/vnd.api+json" : "text/plain", Allow: ALLOW, "Request-Id": requestId });
  response.end(body);
  return true;
};
