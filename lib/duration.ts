// Go duration syntax ("1h30m", "1.5h", "300ms") plus a "d" (24 h) unit, as the spec's lifetimes use.
const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d)/y;

/** Parses a duration into milliseconds; returns undefined when the text is not a duration. */
export function parseDurationMs(text: string): number | undefined {
  const s = text.trim();
  if (s === "0") return 0;
  if (s === "") return undefined;
  let total = 0;
  part.lastIndex = 0;
  while (part.lastIndex < s.length) {
    const start = part.lastIndex;
    const m = part.exec(s);
    if (!m || m.index !== start) return undefined;
    total += Number(m[1]) * unitMs[m[2]!]!;
  }
  return Math.round(total);
}

/** Renders seconds the way an operator would write them back ("90d", "12h", "15m", "45s"). */
export function formatDurationSeconds(seconds: number): string {
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
  ] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
