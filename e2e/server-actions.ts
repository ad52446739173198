import type { BrowserContext, Page, Request } from "@playwright/test";

/** Waits for the server-action POST a click makes (the `next-action` header), and returns it. */
export async function serverActionOf(page: Page, click: () => Promise<void>): Promise<Request> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    click(),
  ]);
  return request;
}

/** Sends a captured request again from another browser context: the same URL, headers and body, that context's cookies. */
export async function replayAs(context: BrowserContext, captured: Request) {
  const headers = await captured.allHeaders();
  for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
  return context.request.post(captured.url(), { headers, data: captured.postDataBuffer() ?? undefined });
}
