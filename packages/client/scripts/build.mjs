// Builds dist/: ESM (index.js) and CommonJS (index.cjs) bundles with esbuild, declarations with tsc
// (index.d.ts for import, index.d.cts for require), then checks the runtime's minified size.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const PACKAGE = path.resolve(import.meta.dirname, "..");
const DIST = path.join(PACKAGE, "dist");
const ENTRY = path.join(PACKAGE, "src/index.ts");
/** The runtime code's budget, minified (not gzipped): above it the build fails. */
const MAX_MINIFIED_BYTES = 30 * 1024;

// tsc from the package's own dependencies when installed there, else from the repository's root.
function tscPath() {
  for (let dir = PACKAGE; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules/typescript/bin/tsc");
    try {
      statSync(candidate);
      return candidate;
    } catch {
      if (path.dirname(dir) === dir) throw new Error("typescript not found");
    }
  }
}

rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });

const common = { entryPoints: [ENTRY], bundle: true, platform: "neutral", target: "es2022", logLevel: "warning" };
await build({ ...common, format: "esm", outfile: path.join(DIST, "index.js") });
await build({ ...common, format: "cjs", outfile: path.join(DIST, "index.cjs") });

execFileSync(process.execPath, [tscPath(), "-p", path.join(PACKAGE, "tsconfig.build.json")], { stdio: "inherit" });
// The CommonJS declarations: the same files as .d.cts, importing each other as .cjs.
function cjsDeclarations(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) cjsDeclarations(file);
    else if (name.endsWith(".d.ts")) {
      const text = readFileSync(file, "utf8").replace(/(from\s+["']\.{1,2}\/[^"']*?)\.js(["'])/g, "$1.cjs$2");
      writeFileSync(file.replace(/\.d\.ts$/, ".d.cts"), text);
    }
  }
}
cjsDeclarations(DIST);

const minified = await build({ ...common, format: "esm", minify: true, write: false });
const bytes = minified.outputFiles[0].contents.length;
const kb = (bytes / 1024).toFixed(1);
if (bytes > MAX_MINIFIED_BYTES) {
  console.error(`@ribbon/client: the runtime is ${kb} KB minified, over the ${MAX_MINIFIED_BYTES / 1024} KB budget.`);
  process.exit(1);
}
console.log(
  `@ribbon/client built: dist/ (ESM, CommonJS, types); runtime ${bytes} bytes (${kb} KB) minified, budget 30 KB.`,
);
