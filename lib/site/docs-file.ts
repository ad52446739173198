import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { escapeHtml } from "@/lib/format/html";
import { BUILD_APP_URL } from "./metadata";

export type DocsFile = { html: Buffer; etag: string };

/** The documents scripts/build-docs.tsx renders into <distDir>/ribbon/: /docs and /docs/agents. */
export type DocsName = "docs" | "agents";

const loaded = new Map<DocsName, Promise<DocsFile>>();

/** A document of this build (scripts/build-docs.tsx wrote it), with this server's APP_URL, read once per process. */
export function docsFile(name: DocsName = "docs"): Promise<DocsFile> {
  let file = loaded.get(name);
  if (!file) {
    file = (async () => {
      const built = await readFile(path.join(process.cwd(), `.next/ribbon/${name}.html`), "utf8");
      const html = Buffer.from(built.replaceAll(BUILD_APP_URL, escapeHtml(config.appUrl)));
      return { html, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"` };
    })();
    loaded.set(name, file);
    file.catch(() => loaded.delete(name));
  }
  return file;
}

/**
 * A built document as a response: what a static file costs (Next compresses it as it does every
 * response: it drops a route handler's own Content-Encoding); the ETag answers a reload with 304.
 */
export async function docsResponse(request: Request, name: DocsName): Promise<Response> {
  const file = await docsFile(name);
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
