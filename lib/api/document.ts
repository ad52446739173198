export const JSON_API = "application/vnd.api+json";

export type ResourceObject = {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string } | null }>;
};

/** A JSON:API document response. */
export function jsonApi(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": JSON_API, ...init.headers },
  });
}
