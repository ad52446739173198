import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// Every package npm installs for us runs on each Node.js line package.json (and the README) names:
// `npm install` on the oldest supported release prints no EBADENGINE warning.
const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));

type Locked = { version: string; engines?: { node?: string } | string[]; optional?: boolean; os?: string[] };

describe("the Node.js versions we say we run on", () => {
  const range: string = read("package.json").engines.node;
  // The first release of each part of the range ("^20.19.0 || >=22.13.0": 20.19.0 and 22.13.0).
  const oldest = new semver.Range(range).set.map((part) => String(semver.minVersion(part.map(String).join(" "))));

  it("names a range the README states", () => {
    expect(oldest.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(ROOT, "README.md"), "utf8")).toContain(
      `Node.js ${oldest.map((v) => v.replace(/\.0$/, "+")).join(" or ")}`,
    );
  });

  it("is a range every installed package's engines admit", () => {
    const packages: Record<string, Locked> = read("package-lock.json").packages;
    const excluded = Object.entries(packages).flatMap(([where, p]) => {
      const engines = Array.isArray(p.engines) ? undefined : p.engines?.node;
      // A platform's optional binary (sharp for win32, a wasm fallback) is not installed here.
      if (!where || !engines || (p.optional && (p.os || /wasm|win32|darwin|android|freebsd/.test(where)))) return [];
      return oldest
        .filter((v) => !semver.satisfies(v, engines))
        .map((v) => `${where}@${p.version} (${engines}) excludes ${v}`);
    });
    expect(excluded).toEqual([]);
  });
});
