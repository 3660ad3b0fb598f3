// Summarises V8 CPU profiles (`node --cpu-prof`): self time by function and by file, as a share of the busy time.
//   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile>... [--top 40]
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
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
