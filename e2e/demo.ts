import { readFileSync } from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "@/lib/demo/create-demo-data";

/** The credentials `npm start` wrote for the e2e server's demo accounts. */
export function demoCredentials(): DemoCredentials {
  return JSON.parse(readFileSync(path.join(".e2e-data", "demo-credentials.json"), "utf8"));
}
