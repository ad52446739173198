/**
 * The bench's command line: `--name=value` → { name: "value" }, a bare `--flag` → { flag: "" }
 * (so `args.flag !== undefined` says it was given). Shared by scripts/bench.ts and its modes.
 */
export function benchArgs(argv = process.argv.slice(2)): Record<string, string | undefined> {
  return Object.fromEntries(
    argv.map((arg) => {
      const [name, ...value] = arg.replace(/^--/, "").split("=");
      return [name, value.join("=")];
    }),
  );
}
