// Summarises V8 CPU profiles (`node --cpu-prof`): self time by function and by file, as a share of the busy time.
//   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile>... [--top 40]
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 40;

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

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
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
    const group = url.includes("node_modules/") ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1") : short.replace(/:\d+$/, "") || functionName;
    byFile.set(group, (byFile.get(group) ?? 0) + us);
  });
}
const busy = total - idle;
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((us / busy) * 100).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
console.log(`profiled ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (shares below are of busy time)`);
show("self time by function", byFunction);
show("self time by file / package", byFile);
