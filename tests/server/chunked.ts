import http from "node:http";

export type ChunkedResult = {
  status: number | null;
  contentType: string;
  body: string;
  /** Bytes written before the answer came. */
  sent: number;
  /**
   * Of those, the bytes the socket reported written (write callbacks without an error): what the
   * server could have read. `sent` also counts what waited in this process's buffers.
   */
  flushed: number;
  /** Milliseconds from the moment more than `limitBytes` had been sent to the answer's headers. */
  answeredAfterCrossingMs: number | null;
  error?: string;
};

/**
 * POSTs a body of up to `totalBytes` with chunked transfer encoding (no Content-Length), written as
 * fast as the socket takes it, and stops writing the moment an answer arrives.
 */
export function sendChunked(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; totalBytes: number; limitBytes: number; prefix?: string },
): Promise<ChunkedResult> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve) => {
    let sent = 0;
    let flushed = 0;
    let crossedAt: number | null = null;
    let answered = false;
    let settled = false;
    const finish = (result: Omit<ChunkedResult, "sent" | "flushed">) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve({ ...result, sent, flushed });
    };
    const request = http.request(url, {
      method: opts.method ?? "POST",
      headers: { "transfer-encoding": "chunked", ...opts.headers },
    });
    request.on("response", (response) => {
      answered = true;
      const answeredAfterCrossingMs = crossedAt === null ? null : Date.now() - crossedAt;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (d) => (body += d));
      const done = () =>
        finish({
          status: response.statusCode ?? null,
          contentType: String(response.headers["content-type"] ?? ""),
          body,
          answeredAfterCrossingMs,
        });
      response.on("end", done);
      response.on("error", done);
      response.on("close", done);
    });
    // A write refused because the server closed the connection may come just before its answer is read.
    request.on("error", (error) =>
      setTimeout(
        () => finish({ status: null, contentType: "", body: "", answeredAfterCrossingMs: null, error: error.message }),
        answered ? 0 : 500,
      ),
    );
    const write = (data: Buffer) => {
      sent += data.length;
      if (crossedAt === null && sent > opts.limitBytes) crossedAt = Date.now();
      return request.write(data, (error) => {
        if (!error && !answered) flushed += data.length;
      });
    };
    const pump = () => {
      while (!answered && !settled && sent < opts.totalBytes)
        if (!write(chunk)) return void request.once("drain", pump);
      if (!answered && !settled) request.end();
    };
    if (opts.prefix) write(Buffer.from(opts.prefix));
    pump();
  });
}
