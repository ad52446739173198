import { describe, expect, it } from "vitest";
import { configProblems } from "./config-schema";

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
    ];
    for (const [env, name] of cases) {
      const problems = configProblems(env);
      expect(problems.join("\n"), JSON.stringify(env)).toContain(name);
    }
  });
});
