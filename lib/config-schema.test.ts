import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, test } from "vitest";
import { LIMITS } from "@/lib/ratelimit/limits";
import { configProblems, envSchema } from "./config-schema";

describe("configuration is validated at boot, naming the variable", () => {
  it("accepts the embedded default (nothing set) and a complete production setup", () => {
    expect(configProblems({})).toEqual([]);
    expect(
      configProblems({
        PORT: "8080",
        HOST: "0.0.0.0",
        APP_URL: "https://gifts.example.com",
        DATABASE_URL: "postgresql://ribbon@db:5432/ribbon",
        AUTH_SECRET: "x".repeat(44),
        RIBBON_SWEEPER: "off",
        RIBBON_DEMO: "0",
        RIBBON_TRUST_PROXY: "1",
        RIBBON_TRUSTED_PROXIES: "10.0.0.5, 10.1.0.0/16 ::1 fd00::/8,::ffff:192.0.2.1",
      }),
    ).toEqual([]);
  });

  it("refuses each malformed variable with a message that names it", () => {
    const cases: [Record<string, string>, string][] = [
      [{ APP_URL: "gifts.example.com" }, "APP_URL"],
      [{ APP_URL: "javascript:alert(1)" }, "APP_URL"],
      [{ APP_URL: "https://gifts.example.com/?x=1" }, "APP_URL"],
      [{ PORT: "http" }, "PORT"],
      [{ PORT: "70000" }, "PORT"],
      [{ HOST: "0.0.0.0; rm -rf /" }, "HOST"],
      [{ DATABASE_URL: "mysql://x", AUTH_SECRET: "x".repeat(44) }, "DATABASE_URL"],
      [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
      [{ RIBBON_SWEEPER: "maybe" }, "RIBBON_SWEEPER"],
      [{ RIBBON_SWEEPER_INTERVAL_MS: "-5" }, "RIBBON_SWEEPER_INTERVAL_MS"],
      [{ DATABASE_URL: "postgresql://db/ribbon" }, "AUTH_SECRET must be set"],
      [{ RIBBON_TRUSTED_PROXIES: "10.0.0.5" }, "RIBBON_TRUSTED_PROXIES needs RIBBON_TRUST_PROXY=1"],
    ];
    for (const [env, name] of cases) {
      const problems = configProblems(env);
      expect(problems.join("\n"), JSON.stringify(env)).toContain(name);
    }
  });
});

test("a malformed RIBBON_TRUSTED_PROXIES entry stops the start with one line naming the variable and the entry", () => {
  for (const value of [
    "10.0.0.0/33",
    "proxy.internal",
    "10.0.0.5, 10.0.0",
    "10.0.0.5/8/8",
    "::1/129",
    "10.0.0.0/-1",
    "10.0.0.0/",
    "*",
    ",",
    "10.0.0.5;10.0.0.6",
  ]) {
    const problems = configProblems({ RIBBON_TRUST_PROXY: "1", RIBBON_TRUSTED_PROXIES: value });
    expect(problems, value).toHaveLength(1);
    expect(problems[0], value).toMatch(
      /^RIBBON_TRUSTED_PROXIES must be IP addresses or CIDR ranges [^\n]+ is neither\)$/,
    );
  }
});

describe("the README's configuration table and the schema", () => {
  const readme = readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");
  const table = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("## ", readme.indexOf("## Configuration") + 5),
  );
  const schemaNames = Object.keys(envSchema.shape).sort();
  const documented = table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z_*]+)`/g)].map((m) => m[1]))
    .flatMap((name) => (name.endsWith("*") ? schemaNames.filter((n) => n.startsWith(name.slice(0, -1))) : [name]))
    .sort();

  it("name the same variables", () => {
    expect(documented).toEqual(schemaNames);
  });

  it("every rate limit's variable is in the schema", () => {
    for (const limit of Object.values(LIMITS)) expect(schemaNames).toContain(limit.env);
  });

  it("every variable refuses a bad value with one line that names it", () => {
    const bad: Record<string, string> = {
      PORT: "0",
      HOST: "a b",
      APP_URL: "ftp://x",
      DATABASE_URL: "mysql://x",
      DATABASE_POOL_SIZE: "ten",
      RIBBON_TRANSACTION_BUDGET_MS: "a tenth of a second",
      RIBBON_DATA_DIR: "\u0001",
      RIBBON_DEMO: "yes",
      AUTH_SECRET: "short",
      RIBBON_SWEEPER: "maybe",
      RIBBON_SWEEPER_INTERVAL_MS: "5s",
      RIBBON_LOG_REQUESTS: "quiet",
      RIBBON_WEBHOOKS_ALLOW_PRIVATE: "true",
      RIBBON_TRUST_PROXY: "yes",
      RIBBON_TRUSTED_PROXIES: "10.0.0.0/33",
      RIBBON_SIMULATED_SHIP_AFTER_S: "-1",
      RIBBON_SIMULATED_DELIVER_AFTER_S: "soon",
      REDIS_URL: "localhost:6379",
      RESEND_API_KEY: "not-a-key",
      RESEND_WEBHOOK_SECRET: "secret",
      EMAIL_FROM: "Ribbon",
      INNGEST_EVENT_KEY: "has space",
      INNGEST_SIGNING_KEY: "plain",
      INNGEST_DEV: "on",
      INNGEST_BASE_URL: "localhost:8288",
      RIBBON_EXCHANGE_RATES_URL: "ftp://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
    };
    for (const name of schemaNames.filter((n) => n.startsWith("RIBBON_RATE_LIMIT_"))) bad[name] = "many";
    expect(Object.keys(bad).sort()).toEqual(schemaNames);
    for (const [name, value] of Object.entries(bad)) {
      const problems = configProblems({
        [name]: value,
        ...(name === "DATABASE_URL" ? { AUTH_SECRET: "x".repeat(44) } : {}),
      });
      expect(problems, `${name}=${value}`).toHaveLength(1);
      expect(problems[0], `${name}=${value}`).toMatch(new RegExp(`^${name} must `));
    }
  });
});

describe("npm start checks PORT and HOST before it hands them to next", () => {
  // scripts/start.mjs refuses them before it builds or spawns anything, in the boot's format.
  it.each([
    [{ PORT: "seventy" }, ["PORT must be a port number from 1 to 65535"]],
    [{ HOST: "not a host!" }, ["HOST must be a host name or an IP address to listen on"]],
  ])("%o stops it with one line naming the variable", (bad, lines) => {
    const run = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: path.join(import.meta.dirname, ".."),
      env: { ...process.env, ...bad },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `Ribbon could not start: the configuration is invalid:\n${lines.map((l) => `  ${l}\n`).join("")}`,
    );
  });
});
