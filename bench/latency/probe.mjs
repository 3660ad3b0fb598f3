// A probe for bench/latency, loaded into a process with `--import` (or imported): it records every event-loop
// stall (a 1 ms timer that fired late by more than STALL_MS) and every garbage collection (start and duration, from
// perf_hooks), as epoch milliseconds, so the slow pushes of a latency run can be matched against what the process
// was doing then. With PROBE_OUT set, the records are written there as JSON when the process exits.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";

const STALL_MS = 3;

export function startProbe() {
  const stalls = [];
  const gcs = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    // The timer was due 1 ms after the last tick: the rest is time the loop was busy (or the process descheduled).
    if (now - last > STALL_MS + 1) stalls.push([performance.timeOrigin + last + 1, now - last - 1]);
    last = now;
  }, 1);
  timer.unref();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push([performance.timeOrigin + e.startTime, e.duration, e.detail?.kind ?? e.kind ?? 0]);
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    stalls,
    gcs,
    /** Stalls and GC pauses so far, and the loop delay histogram's percentiles (ms). */
    report() {
      const ms = (ns) => ns / 1e6;
      return {
        stalls,
        gcs,
        delay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      };
    },
    reset() {
      stalls.length = 0;
      gcs.length = 0;
      delay.reset();
    },
  };
}

if (process.env.PROBE_OUT) {
  const probe = startProbe();
  process.on("exit", () => writeFileSync(process.env.PROBE_OUT, JSON.stringify(probe.report())));
}
