import { apiEndpoint } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { runningWatch } from "@/lib/http/event-loop.mjs";

/**
 * GET /api/health: this instance answers, and how late its event loop ran over the last minute
 * (docs/operations.md#event-loop). No database, no token: a load balancer or a monitor may poll it.
 * `event_loop` is null where the watch doesn't run (`next dev`: it starts in scripts/http-guard.mjs).
 */
export const GET = apiEndpoint(async () =>
  Response.json({ status: "ok", pid: process.pid, event_loop: runningWatch()?.figures() ?? null }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
