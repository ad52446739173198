import { docsResponse } from "@/lib/site/docs-file";

/**
 * GET /docs: the API reference, rendered once at build (scripts/build-docs.tsx) and read once per
 * process, so a request costs what a static file costs; the ETag answers a reload with 304.
 */
export async function GET(request: Request): Promise<Response> {
  return docsResponse(request, "docs");
}
