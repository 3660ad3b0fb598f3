// `svc listen`: real deliveries on the developer's machine, printed with their signature checked by the stock
// Standard Webhooks verifier and optionally forwarded with their original headers to a local app, whose answer
// becomes the attempt's response. Two ways to get them (README, docs/listen.md):
// - direct: the CLI listens on 127.0.0.1 and registers a temporary webhook pointing at itself — for a svc that
//   can reach this machine (`svc dev`, a svc on localhost);
// - session: a listen session (a temporary webhook whose deliveries svc hands over a server-sent-events stream,
//   answered over the API) — for a svc that cannot (a server, this laptop behind NAT). See listen-session.ts.
// Default: direct when the svc URL is on this machine, else session. Ctrl-C removes the webhook or session.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { EXIT } from "./exit-codes.ts";
import { listenOverSession, type Answer, type Receiver } from "./listen-session.ts";
import { formatRecord, outputFormat, type OutputFormat } from "./output.ts";
import { call, CliFailure, developerCommand, resolveRemote, type Remote } from "./remote.ts";

type Flags = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : typeof v === "string" ? v.split(",") : []).filter(
    Boolean,
  );

/** The local app's answer is handed back to svc (status and body); its body is kept up to this much. */
const ANSWER_BODY_CHARS = 64 * 1024;
const HOP_BY_HOP = new Set(["host", "content-length", "connection", "transfer-encoding", "keep-alive"]);

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Forwards a delivery to the local app; its status and body (502 when it cannot be reached). */
async function forward(
  url: string,
  method: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): Promise<Answer> {
  const pass: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (typeof value === "string" && !HOP_BY_HOP.has(name.toLowerCase())) pass[name] = value;
  try {
    const res = await fetch(url, {
      method,
      headers: pass,
      body: method === "GET" || method === "HEAD" ? undefined : body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = (await res.text()).slice(0, ANSWER_BODY_CHARS);
    return { status: res.status, body: text, note: `→ ${url} answered ${res.status}` };
  } catch (err) {
    const reason = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return { status: 502, body: `svc listen: ${url} failed: ${reason}`, note: `→ ${url} failed: ${reason}` };
  }
}

export function receiver(verifier: Webhook, format: OutputFormat, target: string | undefined): Receiver {
  return {
    async receive(method, headers, body) {
      let verified = false;
      try {
        verifier.verify(body, headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      let envelope: { event_name?: string; attempt?: number } = {};
      try {
        envelope = JSON.parse(body);
      } catch {
        /* a transform may send another format */
      }
      const answer = target
        ? await forward(target, method, headers, body)
        : { status: 200, body: "", note: "answered 200" };
      // `status` is what svc records as the attempt's response code.
      const line = {
        event: envelope.event_name ?? "?",
        delivery_id: headers["x-svc-delivery-id"],
        attempt: envelope.attempt,
        signature: verified ? "verified" : "INVALID",
        status: answer.status,
        forwarded: target ? answer.status : undefined,
      };
      process.stdout.write(
        formatRecord(
          format,
          { ...line, body: envelope },
          `${line.event}  ${line.delivery_id}  attempt ${line.attempt ?? "?"}  signature ${verified ? "✓" : "✗"}${answer.note ? `  ${answer.note}` : ""}`,
        ),
      );
      return answer;
    },
  };
}

export type ListenMode = "direct" | "session";

/** `--mode`, or by where svc is: a svc on this machine can reach the CLI's port, any other may not. */
export function listenMode(flag: string | undefined, svcUrl: string): ListenMode {
  if (flag === "direct" || flag === "session") return flag;
  if (flag !== undefined && flag !== "auto")
    throw new CliFailure(`svc: --mode takes direct, session or auto, not "${flag}"`, EXIT.usage);
  let host = "";
  try {
    host = new URL(svcUrl).hostname.replace(/^\[|\]$/g, "");
  } catch {
    /* resolveRemote's URL is checked when it is called */
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host)
    ? "direct"
    : "session";
}

/** Resolves on the first Ctrl-C (or SIGTERM). */
const interrupted = () =>
  new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });

async function listenDirect(
  remote: Remote,
  events: string[],
  flags: Flags,
  format: OutputFormat,
  target: string | undefined,
  stopped: Promise<void>,
): Promise<void> {
  let handler: Receiver | undefined;
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    if (!handler) return void res.writeHead(503).end();
    const answer = await handler.receive(req.method ?? "POST", req.headers, body);
    res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body || String(answer.status));
  });
  await new Promise<void>((resolve) => server.listen(Number(str(flags.port) ?? 0), "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const c = `/v1/consumers/${encodeURIComponent(remote.consumer)}`;
  let webhookId: string | undefined;
  try {
    const hook = await call<{ webhook_id: string; http_config: { webhook_secret: string } }>(
      remote,
      "POST",
      `${c}/webhooks`,
      {
        url: `http://127.0.0.1:${port}/svc-listen`,
        events,
        description: "svc listen (temporary; removed when the CLI stops)",
      },
    );
    webhookId = hook.webhook_id;
    handler = receiver(new Webhook(hook.http_config.webhook_secret), format, target);
    process.stderr.write(
      `listening for ${events.join(", ")} on consumer ${remote.consumer} (webhook ${webhookId}, direct ` +
        `to 127.0.0.1:${port})${target ? `, forwarding to ${target}` : ""}; Ctrl-C to stop\n`,
    );
    await stopped;
  } finally {
    server.close();
    server.closeAllConnections();
    if (webhookId) await call(remote, "DELETE", `${c}/webhooks/${webhookId}`).catch(() => {});
  }
  process.stderr.write("stopped; the temporary webhook was removed\n");
}

export function listen(flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, {
      url: str(flags.url),
      "api-key": str(flags["api-key"]),
      consumer: str(flags.consumer),
    });
    const events = list(flags.events);
    if (!events.length) throw new CliFailure("svc: --events a,b names the event types to receive", EXIT.usage);
    const target = str(flags.forward);
    if (target && !/^https?:\/\//i.test(target))
      throw new CliFailure(`svc: --forward takes an http(s) URL, not "${target}"`, EXIT.usage);
    const format = outputFormat(flags.output);
    const mode = listenMode(str(flags.mode), remote.url);
    // Listening for Ctrl-C from here: one pressed while the webhook or session is being created still removes it.
    const stopped = interrupted();
    if (mode === "direct") await listenDirect(remote, events, flags, format, target, stopped);
    else await listenOverSession(remote, events, { format, target, receiver, stopped });
  });
}
