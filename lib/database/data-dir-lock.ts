import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
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

/**
 * Takes the folder's lock file (holding our pid) or throws DataDirLockedError while the
 * holder lives. A lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "ribbon.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        rmSync(file, { force: true });
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
