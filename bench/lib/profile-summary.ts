// Summarises V8 CPU profiles (`node --cpu-prof`): self time by function and by file, as a share of the busy time.
// `--lines <text>` adds the hottest source lines of the functions whose name or file contains <text> (for a
// bundle, build it without minifyWhitespace first: the profiler knows lines, not columns).
//   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile>... [--top 40] [--lines attempt.ts]
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 40;
const linesAt = args.indexOf("--lines");
const linesOf = linesAt >= 0 ? args.splice(linesAt, 2)[1]! : undefined;

// A bundle (dist/server.js) is one file to the profiler: its linked source map names the package or source file.
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith("file://") ? fileURLToPath(url) + ".map" : "";
    maps.set(url, file && existsSync(file) ? new TraceMap(readFileSync(file, "utf8")) : null);
  }
  return maps.get(url)!;
}
function original(frame: Node["callFrame"]): { url: string; lineNumber: number } {
  const map = frame.url ? mapOf(frame.url) : null;
  if (!map || frame.lineNumber < 0) return frame;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  return pos.source ? { url: pos.source.replace(/^(\.\.\/)+/, "file:///"), lineNumber: (pos.line ?? 1) - 1 } : frame;
}

/** `file:line  source text` of a 1-based line of a profiled script, through its source map when it has one. */
function sourceLine(url: string, line: number): string {
  const map = mapOf(url);
  if (!map) return `${url}:${line}`;
  const pos = originalPositionFor(map, { line, column: 0, bias: LEAST_UPPER_BOUND });
  if (!pos.source || pos.line === null) return `${url}:${line}`;
  const index = map.resolvedSources.indexOf(
    map.resolvedSources.find((s) => s.endsWith(pos.source!.replace(/^(\.\.\/)+/, ""))) ?? "",
  );
  const text = index >= 0 ? map.sourcesContent?.[index]?.split("\n")[pos.line - 1]?.trim().slice(0, 100) : undefined;
  return `${pos.source.replace(/^(\.\.\/)+/, "").replace(/^.*node_modules\//, "")}:${pos.line}  ${text ?? ""}`;
}
const byLine = new Map<string, number>();

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time of a node shared out over its lines by their share of its ticks.
  const selfTime = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  if (linesOf) {
    for (const n of profile.nodes) {
      const { url } = original(n.callFrame);
      if (!n.positionTicks?.length || !`${n.callFrame.functionName} ${url}`.includes(linesOf)) continue;
      const ticks = n.positionTicks.reduce((a, p) => a + p.ticks, 0);
      for (const p of n.positionTicks) {
        const key = `${n.callFrame.functionName || "(anonymous)"}  ${sourceLine(n.callFrame.url, p.line)}`;
        byLine.set(key, (byLine.get(key) ?? 0) + ((selfTime.get(n.id) ?? 0) * p.ticks) / ticks);
      }
    }
  }
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    const { functionName } = frame;
    const { url, lineNumber } = original(frame);
    total += us;
    if (functionName === "(idle)") {
      idle += us;
      return;
    }
    const short = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(dist|lib|jobs)\//, "$1/") || "(native)";
    const fn = `${functionName || "(anonymous)"}  ${short}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const group = url.includes("node_modules/")
      ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1")
      : short.replace(/:\d+$/, "") || functionName;
    byFile.set(group, (byFile.get(group) ?? 0) + us);
  });
}
const busy = total - idle;
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / busy) * 100).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(
  `profiled ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (shares below are of busy time)`,
);
show("self time by function", byFunction);
show("self time by file / package", byFile);
if (linesOf) show(`self time by line, functions matching "${linesOf}"`, byLine);
