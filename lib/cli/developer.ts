// Developer commands over the public API: login, push, template test.
import { readFile } from "node:fs/promises";
import { call, CliFailure, developerCommand, resolveRemote, saveLogin, type Remote } from "./remote.ts";
import { EXIT } from "./exit-codes.ts";
import { formatRecord, outputFormat } from "./output.ts";

type Flags = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** -d JSON, -d @file, or standard input when it is not a terminal. */
async function payloadOf(data: string | undefined): Promise<unknown> {
  let text: string;
  if (data === undefined) {
    if (process.stdin.isTTY)
      throw new CliFailure("svc: give the payload with -d JSON, -d @file, or on standard input", EXIT.usage);
    text = await readStdin();
  } else if (data.startsWith("@")) {
    try {
      text = await readFile(data.slice(1), "utf8");
    } catch (err) {
      throw new CliFailure(
        `svc: cannot read ${data.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        EXIT.usage,
      );
    }
  } else text = data;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliFailure(`svc: the payload is not JSON: ${(err as Error).message}`, EXIT.usage);
  }
}

function labelsOf(values: string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of values) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new CliFailure(`svc: a label is key=value, got "${pair}"`, EXIT.usage);
    labels[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return labels;
}

const print = (flags: Flags, value: unknown, text: string) =>
  process.stdout.write(formatRecord(outputFormat(flags.output), value, text));

export function login(flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote: Remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const who = await call<{ kind?: string; name?: string; consumer?: string | null }>(remote, "GET", "/v1/whoami");
    const file = saveLogin(process.env, {
      url: remote.url,
      ...(remote.apiKey ? { api_key: remote.apiKey } : {}),
      ...(str(flags.consumer) ? { consumer: str(flags.consumer) } : {}),
    });
    process.stderr.write(`logged in to ${remote.url}${who?.name ? ` as ${who.name}` : ""}; saved in ${file}\n`);
  });
}

export function push(event: string, flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const body = {
      payload: await payloadOf(str(flags.data)),
      labels: labelsOf(list(flags.label)),
      ...(str(flags["idempotency-key"]) ? { idempotency_key: str(flags["idempotency-key"]) } : {}),
    };
    const result = await call<{ event_id: string; warnings: string[]; duplicate: boolean }>(
      remote,
      "POST",
      `/v1/consumers/${encodeURIComponent(remote.consumer)}/events?event=${encodeURIComponent(event)}`,
      body,
    );
    for (const w of result.warnings ?? []) process.stderr.write(`warning: ${w}\n`);
    print(
      flags,
      result,
      result.duplicate ? `${result.event_id} (duplicate: the idempotency key was used before)` : result.event_id,
    );
  });
}

export function templateTest(file: string, flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const event = str(flags.event);
    if (!event)
      throw new CliFailure("svc: --event <type> names the event type whose sample payload is rendered", EXIT.usage);
    let template: string;
    try {
      template = await readFile(file, "utf8");
    } catch (err) {
      throw new CliFailure(
        `svc: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        EXIT.usage,
      );
    }
    // --payload JSON or @file renders against that payload instead of the event type's sample.
    const payload = str(flags.payload) === undefined ? undefined : await payloadOf(str(flags.payload));
    if (payload !== undefined && (typeof payload !== "object" || payload === null || Array.isArray(payload)))
      throw new CliFailure("svc: --payload must be a JSON object", EXIT.usage);
    const result = await call<{ transformed_payload: string }>(
      remote,
      "POST",
      `/v1/consumers/${encodeURIComponent(remote.consumer)}/subscriptions/test-template`,
      {
        event_name: event,
        transform_template: template,
        transform_strict: flags.strict === true,
        ...(payload ? { payload } : {}),
      },
    );
    print(flags, result, result.transformed_payload);
  });
}
