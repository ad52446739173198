// The duration parser lives in lib/format/duration.ts. This re-export stays only for
// lib/simulation/test-clock.ts, which another change is rewriting; import lib/format/duration.
export { DAY_MS, parseDuration, type Duration } from "@/lib/format/duration";
