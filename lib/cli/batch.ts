// `svc deliveries retry` and `svc events repush`: snapshot the matching items with the list API, start the batch,
// and show its progress until it ends — a bar on a terminal, plain progress lines otherwise. Ctrl-C cancels the
// batch on the server (the items already done stay done) and exits 130.
import { parseDurationMs } from "../duration.ts";
import { EXIT } from "./exit-codes.ts";
import { call, CliFailure, developerCommand, resolveRemote, type Remote } from "./remote.ts";

type Flags = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : typeof v === "string" ? v.split(",") : [];

interface BatchView {
  status: "pending" | "processing" | "completed" | "cancelled";
  total: number;
  processed: number;
  failed: number;
}

const INTERRUPTED = 130;

/** `--since 10m` as the filter's created_after. */
function createdAfter(flags: Flags): string | undefined {
  const since = str(flags.since);
  if (!since) return undefined;
  const ms = parseDurationMs(since);
  if (ms === undefined)
    throw new CliFailure(`svc: --since "${since}" is not a duration (e.g. 10m, 2h, 1d)`, EXIT.usage);
  return new Date(Date.now() - ms).toISOString();
}

function progressLine(b: BatchView, startedAt: number, tty: boolean): string {
  const done = b.processed + b.failed;
  const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
  const rate = done / seconds;
  const eta = rate > 0 && b.total > done ? `${Math.ceil((b.total - done) / rate)}s` : "-";
  const pct = b.total ? Math.floor((done / b.total) * 100) : 100;
  const text = `${done}/${b.total} (${pct}%)  ${rate.toFixed(1)}/s  ETA ${eta}${b.failed ? `  ${b.failed} not redone` : ""}`;
  if (!tty) return `progress: ${text}`;
  const width = 24;
  const filled = Math.round((pct / 100) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${text}`;
}

async function follow(remote: Remote, base: string, kind: "retry" | "repush", flags: Flags): Promise<void> {
  const tty = process.stderr.isTTY === true;
  const intervalMs = parseDurationMs(str(flags.interval) ?? "500ms") ?? 500;
  let interrupted = false;
  const onInterrupt = () => (interrupted = true);
  process.on("SIGINT", onInterrupt);
  try {
    const started = await call<BatchView>(remote, "POST", `${base}/start`);
    const startedAt = Date.now();
    let last = "";
    let view: BatchView = started;
    for (;;) {
      if (interrupted) {
        view = await call<BatchView>(remote, "POST", `${base}/cancel`).catch(() => view);
        process.stderr.write(
          `${tty ? "\n" : ""}cancelled: ${view.processed + view.failed}/${view.total} done before the cancel, the rest left as they were\n`,
        );
        throw new CliFailure("", INTERRUPTED);
      }
      view = await call<BatchView>(remote, "GET", base);
      const line = progressLine(view, startedAt, tty);
      if (line !== last) process.stderr.write(tty ? `\r${line}` : `${line}\n`);
      last = line;
      if (view.status === "completed" || view.status === "cancelled") break;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    if (tty) process.stderr.write("\n");
    const noun = kind === "retry" ? "deliveries retried" : "events pushed again";
    process.stdout.write(
      `${view.status}: ${view.processed} ${noun}${view.failed ? `, ${view.failed} could not be` : ""} (of ${view.total})\n`,
    );
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}

export function retryDeliveries(flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const filter = {
      status: list(flags.status).length ? list(flags.status) : ["failed"],
      webhook_id: str(flags.webhook),
      created_after: createdAfter(flags),
    };
    const c = `/v1/consumers/${encodeURIComponent(remote.consumer)}`;
    const snapshot = await call<{ retry_id: string; total: number }>(remote, "POST", `${c}/retries`, filter);
    if (snapshot.total === 0) return void process.stdout.write("nothing to retry\n");
    await follow(remote, `${c}/retries/${snapshot.retry_id}`, "retry", flags);
  });
}

export function repushEvents(flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const filter = { event: str(flags.event), created_after: createdAfter(flags) };
    const c = `/v1/consumers/${encodeURIComponent(remote.consumer)}`;
    const snapshot = await call<{ repush_id: string; total: number }>(remote, "POST", `${c}/repushes`, filter);
    if (snapshot.total === 0) return void process.stdout.write("nothing to push again\n");
    await follow(remote, `${c}/repushes/${snapshot.repush_id}`, "repush", flags);
  });
}
