// Renders /docs once per build (app/(site)/docs/document.tsx) into <distDir>/ribbon/docs.html, and
// the agents guide (docs/agents.md, app/(site)/docs/agents-document.tsx) into <distDir>/ribbon/agents.html.
// next.config.mjs runs it after every production compile (`next build`, however it is started).
// Usage: node --import tsx scripts/build-docs.tsx <distDir>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { BUILD_APP_URL } from "../lib/site/metadata";

process.env.APP_URL = BUILD_APP_URL;
const distDir = process.argv[2] ?? ".next";

/** The CSS files the site's pages load in this build: the layouts' entries of a site page's client manifest. */
function siteStylesheets(): string[] {
  const dir = path.join(distDir, "server/app/(site)");
  const file = readdirSync(dir).find((f) => f.startsWith("page_client-reference-manifest"));
  if (!file) throw new Error(`build-docs: no client manifest in ${dir}`);
  const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, { entryCSSFiles?: object }> } };
  vm.runInNewContext(readFileSync(path.join(dir, file), "utf8"), sandbox);
  const manifest = Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0];
  const entries = Object.entries(manifest?.entryCSSFiles ?? {}) as [string, { path: string }[]][];
  const css = entries
    .filter(([entry]) => entry.endsWith("/layout"))
    .flatMap(([, files]) => files.map((f) => `/_next/${f.path}`));
  if (css.length === 0) throw new Error("build-docs: the site's layouts load no CSS in this build's manifest");
  return [...new Set(css)];
}

const { renderDocsDocument } = await import("../app/(site)/docs/document");
const { renderAgentsDocument } = await import("../app/(site)/docs/agents-document");
const stylesheets = siteStylesheets();
mkdirSync(path.join(distDir, "ribbon"), { recursive: true });
const html = renderDocsDocument(stylesheets);
writeFileSync(path.join(distDir, "ribbon/docs.html"), html);
console.log(`build-docs: /docs rendered (${Math.round(html.length / 1024)} KB)`);
// The guide for AI agents, served at /docs/agents from the repository's docs/agents.md.
const agents = renderAgentsDocument(stylesheets, readFileSync("docs/agents.md", "utf8"));
writeFileSync(path.join(distDir, "ribbon/agents.html"), agents);
console.log(`build-docs: /docs/agents rendered (${Math.round(agents.length / 1024)} KB)`);
