import { ensureBuild } from "./harness";

/** The suite's global setup: one production build for every test's servers. */
export default function setup() {
  ensureBuild();
}
