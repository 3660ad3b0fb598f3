// Types of probe.mjs (plain JavaScript, so the built server can load it with --import and no TypeScript loader).
export interface Probe {
  stalls: [at: number, ms: number][];
  gcs: [at: number, ms: number, kind: number][];
  report(): {
    stalls: [at: number, ms: number][];
    gcs: [at: number, ms: number, kind: number][];
    delay: { p50: number; p99: number; max: number };
  };
  reset(): void;
}
export function startProbe(): Probe;
