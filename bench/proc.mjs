// What the kernel says about a process (proc(5)): the benchmarks' CPU time per answer.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** utime + stime of the process, in clock ticks. */
export function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

let clockTicks;
export function clockTicksPerSecond() {
  clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  return clockTicks;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
