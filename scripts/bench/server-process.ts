// The process that actually serves a port, and its memory, for the bench's figures.
// `npm start` (scripts/start.mjs) spawns `next start`, which may run its server in a child of its
// own: the listening socket says which process serves, whatever the tree looks like.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** `pid` and its descendants, parents first. */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    try {
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const kid of kids ? kids.split(" ") : []) visit(Number(kid));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return out;
}

/** The socket inodes listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1].split(":").pop()!, 16);
      if (localPort === port && fields[3] === "0A") inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process in `rootPid`'s tree that holds the socket listening on `port` (the one that serves). */
export function servingPid(rootPid: number, port: number): number {
  const inodes = listeningInodes(port);
  for (const pid of processTree(rootPid).reverse()) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  throw new Error(`no process under ${rootPid} listens on port ${port}`);
}

/** One process's resident memory (VmRSS), in MB. */
export function vmRssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's VmRSS every `everyMs` until stopped: the first sample and the peak, MB. */
export function sampleRss(pid: number, everyMs = 100) {
  const baseline = vmRssMb(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, vmRssMb(pid));
    } catch {
      // the process ended: keep what was seen
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, vmRssMb(pid));
      return { baselineMb: Math.round(baseline), peakMb: Math.round(peak), growthMb: Math.round(peak - baseline) };
    },
  };
}
