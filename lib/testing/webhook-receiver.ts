import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
/** What the receiver answers to one request: a status (and body), a hang longer than the sender's timeout, or a redirect. */
export type Reply = { status: number; body?: string; delayMs?: number; headers?: Record<string, string> };

/**
 * A webhook receiver on 127.0.0.1 for tests (each test file its own port in 3240–3249, or 0
 * for any free one): records every request and answers from a
 * queue of replies (then `fallback`, 200 by default).
 */
export async function startReceiver(port = 0, fallback: Reply = { status: 200, body: "ok" }) {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const reply = replies.shift() ?? fallback;
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    port: address.port,
    received,
    reply: (...r: Reply[]) => void replies.push(...r),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
