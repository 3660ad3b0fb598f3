// `svc tail [deliveries|events]`: the consumer's recent deliveries (or events) as a table, and with --follow every
// change as it happens. It polls the list API (newest 200 created within --since) and prints a row whenever a
// delivery's status, attempt count or last answer changes. Colour only on a terminal without NO_COLOR; `-o json`
// writes one JSON object per line, `-o yaml` one document per change.
import { parseDurationMs } from "../duration.ts";
import { EXIT } from "./exit-codes.ts";
import { formatRecord, outputFormat } from "./output.ts";
import { call, CliFailure, developerCommand, resolveRemote } from "./remote.ts";

type Flags = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : typeof v === "string" ? v.split(",") : [];

const COLOURS: Record<string, string> = {
  success: "\x1b[32m",
  failed: "\x1b[31m",
  retrying: "\x1b[33m",
  expired: "\x1b[90m",
  sending: "\x1b[36m",
  pending: "\x1b[36m",
};

interface Row {
  key: string;
  version: string;
  json: Record<string, unknown>;
  cells: string[];
  status: string;
}

/** The fields of a delivery (GET …/deliveries) that the table shows. */
interface DeliveryView {
  delivery_id: string;
  webhook_id: string;
  status: string;
  attempt_count: number;
  response_code: number | null;
  error_category: string | null;
  updated_at: string;
}

/** The fields of an event report (GET …/events) that the table shows. */
interface EventView {
  event_id: string;
  event_name: string;
  created_at: string;
  webhook_count: number;
  successful_count: number;
  failed_count: number;
  pending_count: number;
}

function deliveryRow(d: DeliveryView): Row {
  return {
    key: d.delivery_id,
    version: `${d.status}/${d.attempt_count}/${d.response_code}/${d.updated_at}`,
    json: d as unknown as Record<string, unknown>,
    status: d.status,
    cells: [
      d.updated_at,
      d.status,
      String(d.attempt_count),
      d.response_code == null ? "-" : String(d.response_code),
      d.error_category ?? "-",
      d.delivery_id,
      d.webhook_id,
    ],
  };
}

function eventRow(e: EventView): Row {
  return {
    key: e.event_id,
    version: `${e.successful_count}/${e.failed_count}/${e.pending_count}`,
    json: e as unknown as Record<string, unknown>,
    status: e.failed_count > 0 ? "failed" : e.pending_count > 0 ? "pending" : "success",
    cells: [
      e.created_at,
      e.event_name,
      `${e.successful_count}/${e.webhook_count}`,
      String(e.failed_count),
      String(e.pending_count),
      e.event_id,
    ],
  };
}

const HEADERS = {
  deliveries: ["UPDATED", "STATUS", "ATTEMPTS", "CODE", "CATEGORY", "DELIVERY", "WEBHOOK"],
  events: ["CREATED", "EVENT", "DELIVERED", "FAILED", "PENDING", "EVENT ID"],
};

export function tail(kind: string | undefined, flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const what = kind ?? "deliveries";
    if (what !== "deliveries" && what !== "events")
      throw new CliFailure(`svc: tail shows deliveries or events, not "${what}"`, EXIT.usage);
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const sinceMs = parseDurationMs(str(flags.since) ?? "1h");
    if (sinceMs === undefined)
      throw new CliFailure(`svc: --since "${str(flags.since)}" is not a duration (e.g. 10m, 2h, 1d)`, EXIT.usage);
    const intervalMs = parseDurationMs(str(flags.interval) ?? "1s") ?? 1000;
    const format = outputFormat(flags.output);
    const colour = format === "table" && process.stdout.isTTY === true && !process.env.NO_COLOR;
    const since = new Date(Date.now() - sinceMs).toISOString();
    const query = new URLSearchParams({ created_after: since, limit: "200" });
    if (what === "deliveries") {
      for (const s of list(flags.status)) query.append("status", s);
      if (str(flags.webhook)) query.set("webhook_id", str(flags.webhook)!);
    }
    const path = `/v1/consumers/${encodeURIComponent(remote.consumer)}/${what}?${query}`;
    const headers = HEADERS[what];
    const widths = headers.map((h) => h.length);
    const seen = new Map<string, string>();

    const show = (row: Row) => {
      if (format !== "table") return void process.stdout.write(formatRecord(format, row.json, ""));
      const cells = row.cells.map((c, i) => c.padEnd(Math.max(widths[i]!, c.length)));
      if (colour) cells[1] = `${COLOURS[row.status] ?? ""}${cells[1]}\x1b[0m`;
      process.stdout.write(cells.join("  ").trimEnd() + "\n");
    };

    let stop = false;
    process.once("SIGINT", () => (stop = true));
    if (format === "table")
      process.stdout.write(
        headers
          .map((h, i) => h.padEnd(widths[i]!))
          .join("  ")
          .trimEnd() + "\n",
      );
    do {
      const page = await call<{ deliveries?: DeliveryView[]; events?: EventView[] }>(remote, "GET", path);
      const rows = (
        what === "deliveries" ? (page.deliveries ?? []).map(deliveryRow) : (page.events ?? []).map(eventRow)
      ).reverse();
      for (const row of rows) {
        if (seen.get(row.key) === row.version) continue;
        seen.set(row.key, row.version);
        show(row);
      }
      if (!flags.follow) break;
      await new Promise((r) => setTimeout(r, intervalMs));
    } while (!stop);
  });
}
