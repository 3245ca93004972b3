/**
 * CPU time of a process group (Linux /proc): user + system time of every live process whose group is `pgid`, in
 * milliseconds. The benchmark's portal runs in a group of its own (tests/setup/portal.ts: npm → sh → node, the
 * cluster's primary and worker), so the difference of two samples is the portal's CPU over that interval.
 * Returns NaN where /proc is not there (macOS).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

export function processGroupCpuMs(pgid: number): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return NaN;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …": comm may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / clockTicks();
}
