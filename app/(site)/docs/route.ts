import { docsFile } from "@/lib/site/docs-file";

/**
 * GET /docs: the API reference, rendered once at build (scripts/build-docs.tsx) and compressed once
 * per process, so a request costs what a static file costs. Brotli or gzip as the browser accepts;
 * the ETag answers a reload with 304.
 */
export async function GET(request: Request): Promise<Response> {
  const file = await docsFile();
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    // no-transform: Next would compress the compressed body again.
    "Cache-Control": "public, max-age=0, must-revalidate, no-transform",
    ETag: file.etag,
    Vary: "Accept-Encoding",
  };
  if (request.headers.get("if-none-match")?.split(/\s*,\s*/).includes(file.etag))
    return new Response(null, { status: 304, headers });
  const accepted = request.headers.get("accept-encoding") ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return new Response(new Uint8Array(file.identity), { headers });
  return new Response(new Uint8Array(file[encoding]), { headers: { ...headers, "Content-Encoding": encoding } });
}
