// `svc listen` over a listen session, for a svc that cannot reach this machine: the CLI opens a session (a
// temporary webhook whose deliveries svc hands over a stream), reads the session's server-sent events, verifies
// and forwards each delivery, and answers it over the API (the answer is the attempt's response code). A broken
// stream is resumed; Ctrl-C ends the session, and svc removes one abandoned without a stream by itself.
import { Webhook } from "standardwebhooks";
import type { OutputFormat } from "./output.ts";
import { call, CliFailure, type Remote } from "./remote.ts";

/** The local side's answer to one delivery (listen.ts forwards it to the developer's app or prints it). */
export interface Answer {
  status: number;
  body: string;
  note: string;
}

export interface Receiver {
  /** Verifies, prints and (optionally) forwards one delivery; resolves with the answer to give svc. */
  receive(method: string, headers: Record<string, string | string[] | undefined>, body: string): Promise<Answer>;
}

interface Session {
  session_id: string;
  webhook_id: string;
  webhook_secret: string;
  lease_seconds: number;
  stream_path: string;
}

interface StreamedRequest {
  request_id: string;
  delivery_id: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** Waits before a resume grow to this (the session lives `lease_seconds` without a stream). */
const MAX_RESUME_DELAY_MS = 5_000;

/** svc writes at least a keep-alive comment every 15 s: a stream silent for this long is dead (a half-open TCP). */
const SILENT_STREAM_MS = 45_000;

class SilentStream extends Error {}

/** Reads one stream until it ends; calls `onDelivery` for every delivery event without waiting for it. */
async function readStream(
  remote: Remote,
  path: string,
  stop: AbortSignal,
  onOpen: () => void,
  onDelivery: (r: StreamedRequest) => void,
): Promise<void> {
  const local = new AbortController();
  const onStop = () => local.abort();
  stop.addEventListener("abort", onStop, { once: true });
  let watchdog: NodeJS.Timeout | undefined;
  const heard = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(
      () => local.abort(new SilentStream(`nothing from svc for ${SILENT_STREAM_MS / 1000} s`)),
      SILENT_STREAM_MS,
    );
  };
  try {
    heard();
    await readEvents(remote, path, local.signal, heard, onOpen, onDelivery);
  } catch (err) {
    if (stop.aborted) return;
    throw local.signal.reason instanceof SilentStream ? local.signal.reason : err;
  } finally {
    clearTimeout(watchdog);
    stop.removeEventListener("abort", onStop);
  }
}

async function readEvents(
  remote: Remote,
  path: string,
  signal: AbortSignal,
  heard: () => void,
  onOpen: () => void,
  onDelivery: (r: StreamedRequest) => void,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(remote.url + path, {
      headers: { accept: "text/event-stream", ...(remote.apiKey ? { "x-api-key": remote.apiKey } : {}) },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`cannot reach ${remote.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  if (res.status === 404) throw new CliFailure("svc: the listen session ended or expired on the server");
  if (res.status === 401 || res.status === 403)
    throw new CliFailure(`svc: ${remote.url} refused the credential (${res.status})`, 2);
  if (!res.ok || !res.body) throw new Error(`the stream answered HTTP ${res.status}`);
  onOpen();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      heard();
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message";
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (event === "delivery" && data.length) onDelivery(JSON.parse(data.join("\n")) as StreamedRequest);
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
    throw signal.reason;
  }
}

export async function listenOverSession(
  remote: Remote,
  events: string[],
  options: {
    format: OutputFormat;
    target: string | undefined;
    receiver: (verifier: Webhook, format: OutputFormat, target: string | undefined) => Receiver;
    stopped: Promise<void>;
  },
): Promise<void> {
  const c = `/v1/consumers/${encodeURIComponent(remote.consumer)}`;
  const session = await call<Session>(remote, "POST", `${c}/listen-sessions`, {
    events,
    description: "svc listen (temporary; removed when the CLI stops)",
  });
  const handler = options.receiver(new Webhook(session.webhook_secret), options.format, options.target);
  const abort = new AbortController();
  void options.stopped.then(() => abort.abort());
  const answering = new Set<Promise<void>>();

  const answer = (r: StreamedRequest) => {
    const work = (async () => {
      const local: Answer = await handler.receive(r.method, r.headers, r.body);
      await call(remote, "POST", `${c}/listen-sessions/${session.session_id}/answers`, {
        request_id: r.request_id,
        status: local.status,
        body: local.body,
      }).catch((err: Error) => {
        process.stderr.write(
          `warning: the answer to delivery ${r.delivery_id} was not taken: ${err.message.replace(/^svc: /, "")}\n`,
        );
      });
    })();
    answering.add(work);
    void work.finally(() => answering.delete(work));
  };

  let announced = false;
  let delayMs = 250;
  try {
    while (!abort.signal.aborted) {
      try {
        await readStream(
          remote,
          session.stream_path,
          abort.signal,
          () => {
            delayMs = 250;
            if (!announced) {
              process.stderr.write(
                `listening for ${events.join(", ")} on consumer ${remote.consumer} ` +
                  `(webhook ${session.webhook_id}, listen session ${session.session_id})` +
                  `${options.target ? `, forwarding to ${options.target}` : ""}; Ctrl-C to stop\n`,
              );
              announced = true;
            } else process.stderr.write("stream resumed\n");
          },
          answer,
        );
        if (!abort.signal.aborted) process.stderr.write("the stream ended; resuming\n");
      } catch (err) {
        if (err instanceof CliFailure) throw err;
        process.stderr.write(`the stream broke (${(err as Error).message}); resuming\n`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        abort.signal.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      delayMs = Math.min(MAX_RESUME_DELAY_MS, delayMs * 2);
    }
    await Promise.all(answering);
  } finally {
    abort.abort();
    await call(remote, "DELETE", `${c}/listen-sessions/${session.session_id}`).catch(() => {});
  }
  process.stderr.write("stopped; the listen session and its webhook were removed\n");
}
