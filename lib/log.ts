// JSON-lines logger. Any URL in a message or field is cut to scheme + host, so paths, queries and
// credentials of webhook URLs never reach the logs. A line written while a span is active carries its trace_id and
// span_id, so a log line leads to its trace (without an OTLP endpoint no span is ever active).
import { isSpanContextValid, trace } from "@opentelemetry/api";

export type Level = "debug" | "info" | "warn" | "error";
const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const urlPattern = /\b([a-z][a-z0-9+.-]*):\/\/([^\s"'<>\\]+)/gi;

/** Scheme and host of a URL (userinfo, path, query and fragment dropped). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "[url]";
  }
}

export function redactText(text: string): string {
  return text.replace(urlPattern, (whole) => redactUrl(whole));
}

function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.includes("://") ? redactText(value) : value;
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: value.stack && redactText(value.stack) };
  }
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1);
  return out;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether lines of `level` are written: callers skip building costly fields for lines that would be dropped. */
  enabled(level: Level): boolean;
}

let stdoutGuarded = false;

/** A line to stdout. A log pipe whose reader went away (EPIPE) loses log lines from then on, never the process. */
function writeStdout(line: string): void {
  if (!stdoutGuarded) {
    stdoutGuarded = true;
    process.stdout.on("error", () => {});
  }
  process.stdout.write(line + "\n");
}

export function createLogger(
  level: Level = "info",
  write: (line: string) => void = writeStdout,
  base: Record<string, unknown> = {},
): Logger {
  const emit = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[lvl] < rank[level]) return;
    const span = trace.getActiveSpan()?.spanContext();
    // Work that no trace records (an unsampled root) runs under a span without ids.
    const ids = span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
    const entry = {
      time: new Date().toISOString(),
      level: lvl,
      msg: redactText(msg),
      ...ids,
      ...base,
      ...(fields ? (redactValue(fields) as object) : {}),
    };
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, write, { ...base, ...fields }),
    enabled: (lvl) => rank[lvl] >= rank[level],
  };
}

/** A logger that drops everything; for tests and tools that print their own output. */
export const silentLogger: Logger = createLogger("error", () => {});
