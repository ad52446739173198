// `tsx --import ./scripts/bench/server-only-off.mjs …`: lets a script outside Next load the app's
// server modules. `server-only` throws unless React's server build resolves it (vitest aliases it
// the same way); `--conditions react-server` would fix that one and break use-intl.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
        return next(specifier, context);
      }`,
    ),
);
