import * as teams from "@/app/api/v1/teams/route";
import * as charities from "@/app/api/v1/charities/route";
import * as collections from "@/app/api/v1/teams/[team_id]/collections/route";
import * as designs from "@/app/api/v1/teams/[team_id]/designs/route";
import * as logos from "@/app/api/v1/teams/[team_id]/logos/route";
import * as messages from "@/app/api/v1/teams/[team_id]/messages/route";
import * as gifts from "@/app/api/v1/teams/[team_id]/gifts/route";
import * as gift from "@/app/api/v1/teams/[team_id]/gifts/[id]/route";
import * as bulk from "@/app/api/v1/teams/[team_id]/bulk/gifts/route";
import * as webhookEndpoints from "@/app/api/v1/teams/[team_id]/webhook-endpoints/route";
import * as webhookEndpoint from "@/app/api/v1/teams/[team_id]/webhook-endpoints/[id]/route";
import * as rotateSecret from "@/app/api/v1/teams/[team_id]/webhook-endpoints/[id]/rotate-secret/route";
import * as webhookAttempts from "@/app/api/v1/teams/[team_id]/webhook-endpoints/[id]/attempts/route";
import * as replay from "@/app/api/v1/teams/[team_id]/webhook-endpoints/[id]/replay/route";
import * as events from "@/app/api/v1/teams/[team_id]/events/route";
import * as giftEvents from "@/app/api/v1/teams/[team_id]/gifts/[id]/events/route";
import * as simulate from "@/app/api/v1/teams/[team_id]/gifts/[id]/simulate/route";
import * as approve from "@/app/api/v1/teams/[team_id]/gifts/[id]/approve/route";
import * as reject from "@/app/api/v1/teams/[team_id]/gifts/[id]/reject/route";
import * as resend from "@/app/api/v1/teams/[team_id]/gifts/[id]/resend/route";
import * as batch from "@/app/api/v1/teams/[team_id]/batches/[id]/route";
import * as approveBatch from "@/app/api/v1/teams/[team_id]/batches/[id]/approve/route";
import * as rejectBatch from "@/app/api/v1/teams/[team_id]/batches/[id]/reject/route";
import * as budget from "@/app/api/v1/teams/[team_id]/budget/route";
import * as reminders from "@/app/api/v1/teams/[team_id]/reminders/route";
import * as swapCollections from "@/app/api/v1/teams/[team_id]/swap-collections/route";
import * as charges from "@/app/api/v1/teams/[team_id]/charges/route";
import * as chargesCsv from "@/app/api/v1/teams/[team_id]/charges.csv/route";
import * as suppressions from "@/app/api/v1/teams/[team_id]/suppressions/route";
import * as suppression from "@/app/api/v1/teams/[team_id]/suppressions/[email]/route";
import * as privacy from "@/app/api/v1/teams/[team_id]/privacy/route";
import * as erasures from "@/app/api/v1/teams/[team_id]/erasures/route";
import * as erasure from "@/app/api/v1/teams/[team_id]/erasures/[erasure_id]/route";
import * as missing from "@/app/api/v1/[...path]/route";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type RouteModule = Partial<Record<Method, Handler>>;

// The app's routing table for /api/v1, as Next builds it from the app/ folder.
const ROUTES: [RegExp, RouteModule][] = [
  [/^\/teams$/, teams as unknown as unknown as RouteModule],
  [/^\/charities$/, charities as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/collections$/, collections as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/designs$/, designs as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/logos$/, logos as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/messages$/, messages as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts$/, gifts as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)$/, gift as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/bulk\/gifts$/, bulk as unknown as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/webhook-endpoints$/, webhookEndpoints as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/webhook-endpoints\/(?<id>[^/]+)$/, webhookEndpoint as unknown as RouteModule],
  [
    /^(?:\/teams\/(?<team_id>[^/]+))?\/webhook-endpoints\/(?<id>[^/]+)\/rotate-secret$/,
    rotateSecret as unknown as RouteModule,
  ],
  [
    /^(?:\/teams\/(?<team_id>[^/]+))?\/webhook-endpoints\/(?<id>[^/]+)\/attempts$/,
    webhookAttempts as unknown as RouteModule,
  ],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/webhook-endpoints\/(?<id>[^/]+)\/replay$/, replay as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/events$/, events as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)\/events$/, giftEvents as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)\/simulate$/, simulate as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)\/approve$/, approve as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)\/reject$/, reject as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/gifts\/(?<id>[^/]+)\/resend$/, resend as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/batches\/(?<id>[^/]+)$/, batch as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/batches\/(?<id>[^/]+)\/approve$/, approveBatch as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/batches\/(?<id>[^/]+)\/reject$/, rejectBatch as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/budget$/, budget as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/reminders$/, reminders as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/swap-collections$/, swapCollections as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/charges$/, charges as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/charges\.csv$/, chargesCsv as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/privacy$/, privacy as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/erasures$/, erasures as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/erasures\/(?<erasure_id>[^/]+)$/, erasure as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/suppressions$/, suppressions as unknown as RouteModule],
  [/^(?:\/teams\/(?<team_id>[^/]+))?\/suppressions\/(?<email>[^/]+)$/, suppression as unknown as RouteModule],
];

export type ApiResult = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type CallOptions = { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/**
 * Calls the real route handlers with a real Request, the way Next does: for tests that
 * exercise the HTTP edge without a server. `path` is relative to /api/v1.
 */
export async function callApi(method: Method, path: string, options: CallOptions = {}): Promise<ApiResult> {
  const url = new URL(`http://localhost:3000/api/v1${path}`);
  const match = ROUTES.map(([pattern, module]) => ({
    m: pattern.exec(url.pathname.slice("/api/v1".length)),
    module,
  })).find((r) => r.m);
  const handler = match?.module[method];
  if (!match?.m || !handler) throw new Error(`No route for ${method} ${path}`);
  const params = Object.fromEntries(
    Object.entries(match.m.groups ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, decodeURIComponent(v!)]),
  );
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  // Like Next, no params at all for routes without dynamic segments.
  const context = Object.keys(params).length > 0 ? { params: Promise.resolve(params) } : { params: undefined };
  const response = await handler(
    new Request(url, { method, headers, body }),
    context as { params: Promise<Record<string, string>> },
  );
  const text = await response.text();
  // A CSV export's body stays text; everything else the API answers is JSON.
  const csv = response.headers.get("content-type")?.startsWith("text/csv");
  return { status: response.status, headers: response.headers, body: csv ? text : text ? JSON.parse(text) : null };
}

/**
 * Sends any Request under /api/v1 to its route handler as Next would (unknown paths to the
 * catch-all, HEAD to GET), or answers null for what never reaches a handler in production: a
 * method the route doesn't export, a path that isn't valid percent-encoding (scripts/http-guard.mjs
 * answers those).
 */
export async function routeApiRequest(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const path = url.pathname.slice("/api/v1".length);
  const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
  const found = ROUTES.map(([pattern, module]) => ({ m: pattern.exec(path), module })).find((r) => r.m);
  const routeModule = found ? found.module : (missing as unknown as RouteModule);
  const handler = routeModule[method];
  if (!handler) return null;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(
      Object.entries(found?.m?.groups ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, decodeURIComponent(v!)]),
    );
  } catch {
    return null;
  }
  const context =
    Object.keys(params).length > 0
      ? { params: Promise.resolve(params) }
      : { params: found ? undefined : Promise.resolve({ path: path.split("/").filter(Boolean) }) };
  return handler(request, context as { params: Promise<Record<string, string>> });
}

/** A client bound to one token. */
export function apiAs(token: string | null) {
  return {
    get: (path: string, o: Omit<CallOptions, "token"> = {}) => callApi("GET", path, { ...o, token }),
    post: (path: string, body: unknown, o: Omit<CallOptions, "token" | "body"> = {}) =>
      callApi("POST", path, { ...o, body, token }),
    patch: (path: string, body: unknown, o: Omit<CallOptions, "token" | "body"> = {}) =>
      callApi("PATCH", path, { ...o, body, token }),
    delete: (path: string, o: Omit<CallOptions, "token"> = {}) => callApi("DELETE", path, { ...o, token }),
  };
}
