import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { BUILD_APP_URL } from "./metadata";

export type DocsFile = { html: Buffer; etag: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let loaded: Promise<DocsFile> | undefined;

/** The /docs document of this build (scripts/build-docs.tsx wrote it), with this server's APP_URL, read once per process. */
export function docsFile(): Promise<DocsFile> {
  loaded ??= (async () => {
    const built = await readFile(path.join(process.cwd(), ".next/ribbon/docs.html"), "utf8");
    const html = Buffer.from(built.replaceAll(BUILD_APP_URL, escapeHtml(config.appUrl)));
    return { html, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"` };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
