import { afterEach, expect, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { JOB_IDS } from "@/lib/jobs/registry";
import { GET, PUT } from "./route";

afterEach(() => vi.unstubAllEnvs());
const context = { params: Promise.resolve({}) };

test("without Inngest configured the route says so in a JSON 404 (the SDK alone would answer 500)", async () => {
  for (const handler of [GET, PUT]) {
    const response = await handler(
      new NextRequest("http://localhost:3000/api/inngest", { method: handler === GET ? "GET" : "PUT" }),
      context,
    );
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({ status: "404", title: "NotFound" });
    expect(body.errors[0].detail).toContain("in-process sweeper");
  }
});

test("with the dev server configured, Inngest serves the functions", async () => {
  vi.stubEnv("INNGEST_DEV", "1");
  vi.stubEnv("INNGEST_BASE_URL", "http://127.0.0.1:9");
  const response = await GET(new NextRequest("http://localhost:3000/api/inngest"), context);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ function_count: JOB_IDS.length, mode: "dev" });
});
