import { Inngest } from "inngest";
import { expect, test } from "vitest";
import { functions } from "./index";
import { EVENT_JOBS, JOB_IDS, SCHEDULED_JOBS } from "./registry";
import { SWEPT_JOBS } from "./sweeper";
import { createFunctions } from "./functions";

// Both runners are built from the registry: neither may serve a job it lacks nor miss one it has.
test("the Inngest route serves exactly the registry's jobs, on the registry's schedules", () => {
  const ids = functions.map((f) => f.id(new Inngest({ id: "ribbon" }).id).replace(/^ribbon-/, "")).sort();
  expect(ids).toEqual([...JOB_IDS].sort());
  const built = createFunctions(new Inngest({ id: "ribbon-test", isDev: true }));
  for (const [key, job] of Object.entries(SCHEDULED_JOBS)) {
    const fn = built[key as keyof typeof SCHEDULED_JOBS];
    expect(fn.opts.triggers, job.id).toEqual([{ cron: job.cron }]);
  }
});

test("the in-process sweeper runs every scheduled job, and the event job's work is covered by one of them", () => {
  expect(SWEPT_JOBS.map((j) => j.id).sort()).toEqual(
    Object.values(SCHEDULED_JOBS)
      .map((j) => j.id)
      .sort(),
  );
  for (const job of Object.values(EVENT_JOBS)) expect(SWEPT_JOBS.map((j) => j.id)).toContain(job.inProcess);
  expect(new Set(JOB_IDS).size).toBe(JOB_IDS.length);
});
