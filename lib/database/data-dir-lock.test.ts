import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDataDir } from "@/lib/testing/test-database";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";
import { openDatabase } from "./open";

// A real second process: plain `node --import tsx` (one pid; the tsx CLI would add a wrapper process).
const FIXTURE = path.join(import.meta.dirname, "fixtures", "open-data-dir.ts");
const childEnv = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};
const startFixture = (...args: string[]) =>
  spawn(process.execPath, ["--import", "tsx", FIXTURE, ...args], { cwd: process.cwd(), env: childEnv() });

type Run = { code: number | null; stdout: string; stderr: string };

function finished(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const runFixture = (...args: string[]) => finished(startFixture(...args));

const dirs: string[] = [];
function dataDir(): string {
  const dir = createDataDir();
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => path.join(dir, "ribbon.lock");

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ["-e", ""]);
  expect(status).toBe(0);
  return pid!;
}

describe("lockDataDir", () => {
  it("writes our pid, refuses a second holder while we live, and removes the file on release", () => {
    const dir = path.join(dataDir(), "not", "there", "yet"); // parents are created
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));

    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The database folder ${dir} is in use by process ${process.pid}`);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid)); // the refusal left it alone

    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    release(); // idempotent
    const again = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    again();
  });

  it("refuses while another live process holds the lock", () => {
    const dir = dataDir();
    writeFileSync(lockFile(dir), String(process.ppid)); // our parent, alive for the whole run
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a stale lock whose process is gone", () => {
    const dir = dataDir();
    const pid = deadPid();
    writeFileSync(lockFile(dir), `${pid}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("leaves no temporary files, and release never removes a lock that isn't ours", () => {
    const dir = createDataDir();
    const release = lockDataDir(dir);
    const file = path.join(dir, "ribbon.lock");
    expect(readdirSync(dir)).toEqual(["ribbon.lock"]);
    writeFileSync(file, "1"); // as if another process had taken the folder over
    release();
    expect(readFileSync(file, "utf8")).toBe("1");
    rmSync(dir, { recursive: true, force: true });
  });
});

// Each case starts Node processes that open PGlite (tsx, the WASM database, its migrations): a
// busy machine takes minutes where a quiet one takes seconds, so their timeout is wider.
describe("one process per PGlite folder (real processes)", { timeout: 180_000 }, () => {
  it("refuses a second process with a clear message, and lets it in once the folder is closed", async () => {
    const dir = dataDir();
    const db = await openDatabase({ dataDir: dir });
    try {
      await db.prisma.user.create({ data: { email: "first@example.test", name: "First" } });

      const refused = await runFixture("open", dir, "second@example.test");
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      const error = JSON.parse(refused.stderr.trim().split("\n").at(-1)!);
      expect(error.name).toBe("DataDirLockedError");
      expect(error.message).toBe(
        `The database folder ${dir} is in use by process ${process.pid}. PGlite allows one process per folder: ` +
          `stop that process, or set RIBBON_DATA_DIR to another folder.`,
      );

      // The refused process neither stole the lock nor wrote anything; we still work.
      expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
      await db.prisma.user.create({ data: { email: "first-again@example.test", name: "First again" } });
      expect(await db.prisma.user.count()).toBe(2);
    } finally {
      await db.close();
    }
    expect(existsSync(lockFile(dir))).toBe(false); // released on close

    const admitted = await runFixture("open", dir, "second@example.test");
    expect(admitted.code, admitted.stderr).toBe(0);
    expect(JSON.parse(admitted.stdout)).toMatchObject({ kind: "pglite", users: 3 });
    expect(existsSync(lockFile(dir))).toBe(false);

    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(reopened.applied).toEqual([]);
      const emails = (await reopened.prisma.user.findMany({ orderBy: { email: "asc" } })).map((u) => u.email);
      expect(emails).toEqual(["first-again@example.test", "first@example.test", "second@example.test"]);
    } finally {
      await reopened.close();
    }
  });

  it("takes over the lock of a killed process and keeps the rows it wrote", async () => {
    const dir = dataDir();
    const holder = startFixture("hold", dir, "killed@example.test");
    const exited = finished(holder);
    try {
      const ready = await new Promise<{ pid: number; users: number }>((resolve, reject) => {
        holder.stdout!.once("data", (d) => resolve(JSON.parse(String(d))));
        void exited.then((run) => reject(new Error(`holder exited early: ${run.stderr}`)));
      });
      expect(ready).toMatchObject({ pid: holder.pid, users: 1 });
      expect(readFileSync(lockFile(dir), "utf8")).toBe(String(holder.pid));

      // While it lives, we are refused.
      const opened = openDatabase({ dataDir: dir });
      void opened.then(
        (db) => db.close(),
        () => {},
      );
      await expect(opened).rejects.toThrow(`in use by process ${holder.pid}`);

      holder.kill("SIGKILL");
      expect((await exited).code).toBeNull(); // killed: no exit handler ran, the lock file stays behind
      expect(readFileSync(lockFile(dir), "utf8")).toBe(String(holder.pid));
    } finally {
      if (holder.exitCode === null && holder.signalCode === null) holder.kill("SIGKILL"); // never leave it running
    }

    const db = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(lockFile(dir), "utf8")).toBe(String(process.pid));
      expect((await db.prisma.user.findMany()).map((u) => u.email)).toEqual(["killed@example.test"]);
    } finally {
      await db.close();
    }
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});
