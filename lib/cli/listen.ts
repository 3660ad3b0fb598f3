// `svc listen`: real deliveries on the developer's machine. The CLI listens on 127.0.0.1, registers a temporary
// webhook pointing at itself (this works when the svc can reach this machine: `svc dev`, or a svc whose egress
// policy allows it), prints each delivery with its signature checked by the stock Standard Webhooks verifier, and
// optionally forwards it with its original headers to a local app, answering svc with the app's answer. Ctrl-C
// removes the webhook.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { EXIT } from "./exit-codes.ts";
import { formatRecord, outputFormat } from "./output.ts";
import { call, CliFailure, developerCommand, resolveRemote } from "./remote.ts";

type Flags = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : typeof v === "string" ? v.split(",") : []).filter(Boolean);

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Forwards a delivery to the local app; returns its status (502 when it cannot be reached). */
async function forward(url: string, method: string, headers: IncomingMessage["headers"], body: string): Promise<{ status: number; note: string }> {
  const pass: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === "string" && !["host", "content-length", "connection"].includes(name)) pass[name] = value;
  try {
    const res = await fetch(url, { method, headers: pass, body: method === "GET" ? undefined : body, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return { status: res.status, note: `→ ${url} answered ${res.status}` };
  } catch (err) {
    return { status: 502, note: `→ ${url} failed: ${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}` };
  }
}

export function listen(flags: Flags): Promise<number> {
  return developerCommand(async () => {
    const remote = resolveRemote(process.env, { url: str(flags.url), "api-key": str(flags["api-key"]), consumer: str(flags.consumer) });
    const events = list(flags.events);
    if (!events.length) throw new CliFailure("svc: --events a,b names the event types to receive", EXIT.usage);
    const target = str(flags.forward);
    const format = outputFormat(flags.output);
    let verifier: Webhook | undefined;

    const server = createServer(async (req, res) => {
      const body = await bodyOf(req);
      let verified = false;
      try {
        verifier?.verify(body, req.headers as Record<string, string>);
        verified = verifier !== undefined;
      } catch {
        verified = false;
      }
      let envelope: { event_name?: string; delivery_id?: string; attempt?: number } = {};
      try {
        envelope = JSON.parse(body);
      } catch {
        /* a transform may send another format */
      }
      const answer = target ? await forward(target, req.method ?? "POST", req.headers, body) : { status: 200, note: "" };
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(String(answer.status));
      const line = { event: envelope.event_name ?? "?", delivery_id: req.headers["x-svc-delivery-id"], attempt: envelope.attempt, signature: verified ? "verified" : "INVALID", forwarded: target ? answer.status : undefined };
      process.stdout.write(formatRecord(format, { ...line, body: envelope }, `${line.event}  ${line.delivery_id}  attempt ${line.attempt ?? "?"}  signature ${verified ? "✓" : "✗"}${answer.note ? `  ${answer.note}` : ""}`));
    });
    await new Promise<void>((resolve) => server.listen(Number(str(flags.port) ?? 0), "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;

    const c = `/v1/consumers/${encodeURIComponent(remote.consumer)}`;
    let webhookId: string | undefined;
    const cleanup = async () => {
      server.close();
      server.closeAllConnections();
      if (webhookId) await call(remote, "DELETE", `${c}/webhooks/${webhookId}`).catch(() => {});
      webhookId = undefined;
    };
    try {
      const hook = await call<{ webhook_id: string; http_config: { webhook_secret: string } }>(remote, "POST", `${c}/webhooks`, {
        url: `http://127.0.0.1:${port}/svc-listen`,
        events,
        description: "svc listen (temporary; removed when the CLI stops)",
      });
      webhookId = hook.webhook_id;
      verifier = new Webhook(hook.http_config.webhook_secret);
      process.stderr.write(`listening for ${events.join(", ")} on consumer ${remote.consumer} (webhook ${webhookId})${target ? `, forwarding to ${target}` : ""}; Ctrl-C to stop\n`);
      await new Promise<void>((resolve) => {
        process.once("SIGINT", resolve);
        process.once("SIGTERM", resolve);
      });
    } finally {
      await cleanup();
    }
    process.stderr.write("stopped; the temporary webhook was removed\n");
  });
}
