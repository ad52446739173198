import http from "node:http";
import type { AddressInfo } from "node:net";

export type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
export type Handler = (request: Seen, response: http.ServerResponse, index: number) => void;

/** A tiny HTTP server that answers each request with `handler` and remembers every request it got. */
export async function localServer(handler: Handler) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(request);
      handler(request, res, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON:API answer. */
export function answer(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/vnd.api+json", ...headers });
  res.end(JSON.stringify(body));
}

export const giftDocument = (id = "gft_1") => ({
  data: { type: "gifts", id, attributes: { stage: "scheduled" } },
  included: [],
});
