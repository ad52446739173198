// Pins the servers under test to one core and the load generator to the others, so the kernel's
// choice of who runs where stops deciding a share: the rows are loaded one at a time, and each
// server then has a core of its own while the bench drives it from another.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { processTree } from "./server-process";

/**
 * Every thread of `pids` and their children on the last core, this process on the others; null
 * when it can't (one core, no taskset).
 */
export function pinServers(pids: number[]): { serverCpu: number; benchCpus: string } | null {
  const cpus = availableParallelism();
  if (cpus < 2) return null;
  const serverCpu = cpus - 1;
  const benchCpus = cpus === 2 ? "0" : `0-${cpus - 2}`;
  const pin = (list: string, pid: number) =>
    spawnSync("taskset", ["-a", "-cp", list, String(pid)], { stdio: "ignore" });
  for (const pid of pids.flatMap((pid) => processTree(pid))) if (pin(String(serverCpu), pid).status !== 0) return null;
  if (pin(benchCpus, process.pid).status !== 0) return null;
  return { serverCpu, benchCpus };
}
