import { docsFile } from "@/lib/site/docs-file";

/**
 * GET /docs: the API reference, rendered once at build (scripts/build-docs.tsx) and read once per
 * process, so a request costs what a static file costs (Next compresses it as it does every
 * response: it drops a route handler's own Content-Encoding). The ETag answers a reload with 304.
 */
export async function GET(request: Request): Promise<Response> {
  const file = await docsFile();
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=0, must-revalidate",
    ETag: file.etag,
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(file.etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.html), { headers });
}
