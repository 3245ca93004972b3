/**
 * The CPU a kubelet guarantees, on a machine that is not a node (ADR 041 §8).
 *
 * On a Kubernetes node every pod's containers get CPU in proportion to their requests (the kubelet's cgroups:
 * kubepods' shares are the node's allocatable CPU), and nothing outside the pods competes with them beyond the
 * system's reserved slice. Here `podman kube play` puts every pod under one cgroup, `libpod_parent`, with the default
 * weight (cgroup v1: cpu.shares 1024) — and that cgroup competes, as one task would, with each busy process of the
 * machine. With CI's other lanes beside it (two Chromium renderers, two portals, a reference API, vitest workers:
 * ten busy processes and more), the three portal replicas, PostgreSQL, the identity service and the reference API
 * the load test drives got about a tenth of two cores: 221 of 720 requests waited over 30 s (stop 37's CI), a figure
 * of the machine, not of the drain under test.
 *
 * So while the load test runs, the stack under test gets the priority its requests would give it on a node: the pods'
 * cgroup the highest weight (what they do not use goes to the other lanes, as CFS gives idle CPU away), and this
 * process (the load generator) with its children (the identity service and the reference API, host processes
 * here) a nice value of -10, every thread. Both are put back after. Each step that the machine refuses (not root, no
 * cgroup v1 or v2 controller at the expected place) is reported, and the load test runs without it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

const V1 = "/sys/fs/cgroup/cpu/libpod_parent/cpu.shares";
const V2 = "/sys/fs/cgroup/libpod_parent/cpu.weight";
/** The highest weight each cgroup version takes. */
const HIGHEST = { [V1]: "262144", [V2]: "10000" } as Record<string, string>;
const NICE = -10;

/** Every process descending from `root` (by the parent pids in /proc), `root` included. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses; the fields after its last ")" do not.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Ended meanwhile.
    }
  }
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, ppid] of parentOf) if (ppid === found[i]) found.push(pid);
  return found;
}

/** Each thread of each process (nice is per thread on Linux). */
const threadsOf = (pids: number[]) =>
  pids.flatMap((pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      return [];
    }
  });

/** Gives the stack under test its priority; returns what was done and a function that puts everything back. */
export function favourStackUnderTest(): { done: string[]; refused: string[]; restore: () => void } {
  const done: string[] = [];
  const refused: string[] = [];
  const undo: (() => void)[] = [];
  const file = [V1, V2].find((f) => existsSync(f));
  if (!file) refused.push("no libpod_parent CPU cgroup (cgroup v1 cpu or v2) at the expected place");
  else {
    const before = readFileSync(file, "utf8").trim();
    try {
      writeFileSync(file, HIGHEST[file]!);
      undo.push(() => writeFileSync(file, before));
      done.push(`the pods' cgroup ${file.split("/").at(-1)} ${before} → ${HIGHEST[file]}`);
    } catch (e) {
      refused.push(`${file}: ${(e as Error).message}`);
    }
  }
  const threads = threadsOf(descendants(process.pid));
  let reniced = 0;
  for (const tid of threads) {
    try {
      const was = getPriority(tid);
      setPriority(tid, NICE);
      undo.push(() => {
        try {
          setPriority(tid, was);
        } catch {
          // The thread ended.
        }
      });
      reniced++;
    } catch {
      // Ended meanwhile, or not permitted (reported below when none could be).
    }
  }
  if (reniced > 0) done.push(`nice ${NICE} for this process and its children (${reniced} threads)`);
  else refused.push(`nice ${NICE}: not permitted`);
  // Once: the finally of a failed run calls it again.
  return { done, refused, restore: () => undo.splice(0).reverse().forEach((u) => u()) };
}
