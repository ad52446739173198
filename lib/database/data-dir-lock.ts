import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database folder ${dir} is in use by process ${pid}. PGlite allows one process per folder: ` +
        `stop that process, or set RIBBON_DATA_DIR to another folder.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number | null {
  try {
    return Number(readFileSync(file, "utf8").trim()) || 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Takes the folder's lock file (holding our pid) or throws DataDirLockedError while the
 * holder lives. The file appears with its content in one step (a hard link of a temporary
 * file), so nobody ever reads a half-written lock. A lock left by a dead process is moved
 * aside and taken over; if what was moved turns out to be someone else's fresh lock, it is
 * put back. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "ribbon.lock");
  const mine = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return releaser(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readPid(file);
      if (holder === null) continue; // released meanwhile
      if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      const aside = `${file}.stale.${randomBytes(4).toString("hex")}`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      const moved = readPid(aside);
      if (moved !== holder && moved && isAlive(moved)) {
        try {
          linkSync(aside, file); // another process took it over just now: give it back
        } catch {
          /* it holds another lock by now; it will find out */
        }
        rmSync(aside, { force: true });
        throw new DataDirLockedError(dir, moved);
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock on ${dir}`);
  } finally {
    rmSync(mine, { force: true });
  }
}

function releaser(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readPid(file) === process.pid) rmSync(file, { force: true }); // only our own lock
  };
  process.on("exit", release);
  return release;
}
