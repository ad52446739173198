import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { TOOLS } from "@/lib/mcp/tools";
import { JOB_IDS } from "@/lib/jobs/registry";

// What a request can reach, read from the code itself: every route handler and page of the app/
// tree, every server action, every MCP tool, every job. The stall test (tests/server/stall.test.ts)
// takes this list and fails when an entry has no worst-case case, so a new route, action, tool or
// job cannot land without one.

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export type EntryKind = "route" | "page" | "action" | "tool" | "job";
/** `route POST /api/v1/teams/[team_id]/gifts`, `page GET /dashboard/[team_id]`, `action app/…/actions.ts#cancelGifts`, `tool list_gifts`, `job send-emails`. */
export type Entry = { kind: EntryKind; id: string };

function files(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, found);
    else found.push(full);
  }
  return found;
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The URL path a file under app/ serves: route groups `(site)` dropped. */
function urlPath(file: string): string {
  const parts = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((p) => p && !/^\(.*\)$/.test(p));
  return `/${parts.join("/")}`;
}

/**
 * The methods a route file answers with its own code. Not counted: the 405s of
 * `methodsNotAllowed` (no work), and a file that re-exports another route's handlers (the
 * default-team twins of /api/v1: the same handlers, covered by the original's cases).
 */
function workingMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*;/g))
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (name) found.add(name);
    }
  return METHODS.filter((method) => found.has(method));
}

export function routeEntries(): Entry[] {
  return files(APP)
    .filter((f) => path.basename(f) === "route.ts")
    .flatMap((file) =>
      workingMethods(readFileSync(file, "utf8")).map((method) => ({
        kind: "route" as const,
        id: `route ${method} ${urlPath(file)}`,
      })),
    );
}

export function pageEntries(): Entry[] {
  return files(APP)
    .filter((f) => path.basename(f) === "page.tsx")
    .map((file) => ({ kind: "page" as const, id: `page GET ${urlPath(file)}` }));
}

/**
 * Server actions: the exports of a `"use server"` file, and the functions of a page or component
 * whose body starts with `"use server"`.
 */
export function actionEntries(): Entry[] {
  const sources = [APP, path.join(ROOT, "components"), path.join(ROOT, "lib")]
    .flatMap((dir) => files(dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const entries: Entry[] = [];
  for (const file of sources) {
    const source = readFileSync(file, "utf8");
    if (!source.includes("use server")) continue;
    const names = new Set<string>();
    if (/^\s*["']use server["']/.test(source.replace(/^(\s*\/\/.*\n|\s*\/\*[\s\S]*?\*\/)*/, "")))
      for (const m of source.matchAll(/export\s+(?:async\s+function|const)\s+(\w+)/g)) names.add(m[1]);
    for (const m of source.matchAll(
      /(?:async\s+function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*async\s*\([^)]*\)\s*=>)\s*[^{]*\{\s*["']use server["']/g,
    ))
      names.add(m[1] ?? m[2]);
    for (const name of names) entries.push({ kind: "action", id: `action ${relative(file)}#${name}` });
  }
  return entries;
}

/** The actions written inside a file's functions (a body starting with `"use server"`), in source order. */
export function inlineActions(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return [
    ...source.matchAll(
      /(?:async\s+function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*async\s*\([^)]*\)\s*=>)\s*[^{]*\{\s*["']use server["']/g,
    ),
  ].map((m) => m[1] ?? m[2]);
}

/** How many arguments a server action takes (its form's data last; before it, useActionState's previous state). */
export function actionArity(file: string, name: string): number {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const signature = new RegExp(
    `(?:async\\s+function\\s+${name}\\s*\\(([^)]*)\\)|(?:const|let)\\s+${name}\\s*=\\s*async\\s*\\(([^)]*)\\))`,
  ).exec(source);
  const params = (signature?.[1] ?? signature?.[2] ?? "").replace(/<[^>]*>/g, "").trim();
  return params === "" ? 0 : params.split(",").filter((p) => p.trim() !== "").length;
}

export function toolEntries(): Entry[] {
  return TOOLS.map((tool) => ({ kind: "tool" as const, id: `tool ${tool.name}` }));
}

export function jobEntries(): Entry[] {
  return JOB_IDS.map((id) => ({ kind: "job" as const, id: `job ${id}` }));
}

/** Everything a request can reach, in a stable order. */
export function inventory(): Entry[] {
  return [...routeEntries(), ...pageEntries(), ...actionEntries(), ...toolEntries(), ...jobEntries()];
}
