// A programmable webhook receiver: a real HTTP server on 127.0.0.1 with scripted answers and recorded requests.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createTlsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { TestContext } from "node:test";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the connection stays open until the receiver closes). */
  hang?: boolean;
  /** Redirect to this URL (with `status`, default 302). */
  redirectTo?: string;
  /** Destroy the socket without answering. */
  reset?: boolean;
}

export interface Endpoint {
  url: string;
  path: string;
  requests: RecordedRequest[];
  /** Answers used in order; the last one repeats. Default: 200 "ok". */
  answers(...answers: Answer[]): Endpoint;
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
}

export interface Receiver {
  url: string;
  port: number;
  server: Server;
  path(path: string): Endpoint;
  close(): Promise<void>;
}

let cert: { key: string; cert: string } | undefined;

/** A self-signed certificate for 127.0.0.1, made once per test process with openssl. */
export function selfSignedCert(): { key: string; cert: string } {
  if (!cert) {
    const dir = mkdtempSync(join(tmpdir(), "svc-cert-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    cert = { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  }
  return cert;
}

export async function startReceiver(
  t?: Pick<TestContext, "after">,
  options: { tls?: boolean } = {},
): Promise<Receiver> {
  const endpoints = new Map<string, { endpoint: Endpoint; queue: Answer[]; waiters: (() => void)[] }>();
  const hanging = new Set<import("node:http").ServerResponse>();

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const entry = endpoints.get(path);
      if (!entry) {
        res.writeHead(404).end("no such endpoint");
        return;
      }
      entry.endpoint.requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      });
      for (const w of entry.waiters.splice(0)) w();
      const answer = (entry.queue.length > 1 ? entry.queue.shift() : entry.queue[0]) ?? {};
      const send = () => {
        if (answer.reset) return req.socket.destroy();
        if (answer.hang) return void hanging.add(res);
        if (answer.redirectTo) return res.writeHead(answer.status ?? 302, { location: answer.redirectTo }).end();
        res
          .writeHead(answer.status ?? 200, { "content-type": "text/plain", ...answer.headers })
          .end(answer.body ?? "ok");
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  };
  const server: Server = options.tls ? createTlsServer(selfSignedCert(), handler) : createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;

  const receiver: Receiver = {
    url,
    port,
    server,
    path(path) {
      const entry = {
        queue: [] as Answer[],
        waiters: [] as (() => void)[],
        endpoint: undefined as unknown as Endpoint,
      };
      const endpoint: Endpoint = {
        url: url + path,
        path,
        requests: [],
        answers(...answers) {
          entry.queue = answers;
          return endpoint;
        },
        async waitForRequests(count, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          while (endpoint.requests.length < count) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`expected ${count} request(s) at ${path}, got ${endpoint.requests.length}`);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left);
              entry.waiters.push(() => {
                clearTimeout(timer);
                resolve();
              });
            });
          }
          return endpoint.requests;
        },
      };
      entry.endpoint = endpoint;
      endpoints.set(path, entry);
      return endpoint;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  t?.after(() => receiver.close());
  return receiver;
}
