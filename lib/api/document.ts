export const JSON_API = "application/vnd.api+json";

import type { ResourceObject } from "@/lib/representations/resource";

export type { ResourceObject };

type ResponseInit = { status?: number; headers?: Record<string, string> };

const responseInit = (init: ResponseInit) => ({
  status: init.status ?? 200,
  headers: { "Content-Type": JSON_API, ...init.headers },
});

/** A JSON:API document response. */
export function jsonApi(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), responseInit(init));
}

/** Resources turned into text at a time: one chunk of the body. */
const RESOURCES_PER_CHUNK = 500;

/**
 * The response of `jsonApi({ data: items.map(serialize), ...rest })`, byte for byte, for
 * documents of many resources (a bulk create's 10,000 gifts: ~10 MB). The text is made a
 * chunk at a time as the body is read, so neither all the resources' objects nor the whole
 * document's text are ever in memory at once.
 */
export function jsonApiList<T>(
  items: readonly T[],
  serialize: (item: T) => ResourceObject,
  rest: Record<string, unknown> = {},
  init: ResponseInit = {},
): Response {
  const encoder = new TextEncoder();
  const restText = JSON.stringify(rest);
  const end = restText === "{}" ? "]}" : `],${restText.slice(1)}`;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const resources = items.slice(next, next + RESOURCES_PER_CHUNK).map((item) => JSON.stringify(serialize(item)));
      const separator = next === 0 ? '{"data":[' : resources.length > 0 ? "," : "";
      next += RESOURCES_PER_CHUNK;
      const last = next >= items.length;
      controller.enqueue(encoder.encode(separator + resources.join(",") + (last ? end : "")));
      if (last) controller.close();
    },
  });
  return new Response(body, responseInit(init));
}
