// Raw bytes to svc's RPC surface in each protocol connect-es frames — Connect binary (POST and GET), gRPC-Web
// over HTTP/1.1 and gRPC over h2c — and the outcome read back as a stock client would: HTTP status, the code
// (from the Connect JSON error, or grpc-status in the gRPC-Web trailer frame or the HTTP/2 trailers) and message.
// For what stock clients never send: wrong length prefixes, flags, truncated frames, undecodable messages.
import { connect as http2Connect, type ClientHttp2Session } from "node:http2";
import type { Code } from "@connectrpc/connect";
import { codeToString } from "@connectrpc/connect/protocol-connect";

export type RpcProtocol = "connect" | "connect-get" | "grpc-web" | "grpc";
export const RPC_PROTOCOLS: RpcProtocol[] = ["connect", "connect-get", "grpc-web", "grpc"];

export interface RpcOutcome {
  /** The HTTP status (gRPC-Web and gRPC answer 200 and carry their status in trailers). */
  http: number;
  /** "ok" or the Connect code name (`invalid_argument`, …). */
  code: string;
  message: string;
  /** Everything that came back, as text, to search for what must never leak (stacks, parser internals). */
  raw: string;
}

/** One gRPC / gRPC-Web frame: flags, a 4-byte big-endian length (the real one unless given), the bytes. */
export function frame(data: Uint8Array, flags = 0, length = data.length): Buffer {
  const head = Buffer.alloc(5);
  head[0] = flags;
  head.writeUInt32BE(length >>> 0, 1);
  return Buffer.concat([head, data]);
}

const codeName = (grpcStatus: number) => (grpcStatus === 0 ? "ok" : codeToString(grpcStatus as Code));

/** The status lines of a gRPC-Web trailer frame (flag 0x80) in a response body. */
function grpcWebTrailers(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at + 5 <= body.length) {
    const flags = body[at]!;
    const length = body.readUInt32BE(at + 1);
    const data = body.subarray(at + 5, at + 5 + length);
    if (flags & 0x80) {
      for (const line of data.toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
    }
    at += 5 + length;
  }
  return out;
}

export interface RpcWire {
  /**
   * Sends `body` to `path` (`/webhook.<Service>/<Method>`) in `protocol`: the request body as it goes on the wire
   * (frames included for gRPC and gRPC-Web), or for Connect GET the message put in the URL.
   */
  send(protocol: RpcProtocol, path: string, body: Uint8Array, headers?: Record<string, string>): Promise<RpcOutcome>;
  close(): void;
}

export function rpcWire(baseUrl: string, apiKey: string): RpcWire {
  let session: ClientHttp2Session | undefined;
  const h2 = () => {
    if (!session || session.destroyed || session.closed) {
      session = http2Connect(baseUrl);
      session.on("error", () => {});
    }
    return session;
  };

  async function grpc(path: string, body: Uint8Array, headers: Record<string, string>): Promise<RpcOutcome> {
    const stream = h2().request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc+proto",
      te: "trailers",
      "x-api-key": apiKey,
      ...headers,
    });
    let head: Record<string, unknown> = {};
    let trailers: Record<string, unknown> = {};
    const chunks: Buffer[] = [];
    stream.on("response", (h) => (head = h));
    stream.on("trailers", (t) => (trailers = t));
    stream.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => stream.on("close", resolve));
    stream.on("error", () => {});
    stream.end(body);
    await done;
    const status = trailers["grpc-status"] ?? head["grpc-status"];
    const message = String(trailers["grpc-message"] ?? head["grpc-message"] ?? "");
    return {
      http: Number(head[":status"] ?? 0),
      code: status === undefined ? `no grpc-status (stream reset ${stream.rstCode})` : codeName(Number(status)),
      message: decodeURIComponent(message),
      raw: `${JSON.stringify(head)} ${JSON.stringify(trailers)} ${Buffer.concat(chunks).toString("latin1")}`,
    };
  }

  async function http1(url: string, init: RequestInit, framed: boolean): Promise<RpcOutcome> {
    const res = await fetch(url, init);
    const bytes = Buffer.from(await res.arrayBuffer());
    const raw = `${JSON.stringify([...res.headers])} ${bytes.toString("latin1")}`;
    if (framed) {
      const trailers = grpcWebTrailers(bytes);
      const status = trailers["grpc-status"] ?? res.headers.get("grpc-status");
      const message = trailers["grpc-message"] ?? res.headers.get("grpc-message") ?? "";
      return {
        http: res.status,
        code: status == null ? `no grpc-status (HTTP ${res.status})` : codeName(Number(status)),
        message: decodeURIComponent(message),
        raw,
      };
    }
    if (res.status === 200) return { http: 200, code: "ok", message: "", raw };
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(bytes.toString("utf8"));
    } catch {
      /* not JSON: the code stays unknown */
    }
    return { http: res.status, code: parsed.code ?? `HTTP ${res.status}`, message: parsed.message ?? "", raw };
  }

  return {
    send(protocol, path, body, headers = {}) {
      const auth = { "x-api-key": apiKey };
      switch (protocol) {
        case "grpc":
          return grpc(path, body, headers);
        case "connect-get": {
          const message = Buffer.from(body).toString("base64url");
          return http1(
            `${baseUrl}${path}?connect=v1&encoding=proto&base64=1&message=${message}`,
            { headers: auth },
            false,
          );
        }
        case "connect":
          return http1(
            baseUrl + path,
            {
              method: "POST",
              headers: { "content-type": "application/proto", ...auth, ...headers },
              body: new Blob([new Uint8Array(body)]),
            },
            false,
          );
        case "grpc-web":
          return http1(
            baseUrl + path,
            {
              method: "POST",
              headers: { "content-type": "application/grpc-web+proto", ...auth, ...headers },
              body: new Blob([new Uint8Array(body)]),
            },
            true,
          );
      }
    },
    close() {
      session?.close();
    },
  };
}

/** Whether the protocol carries its message in frames (gRPC, gRPC-Web) rather than as the whole body or URL. */
export const isFramed = (protocol: RpcProtocol) => protocol === "grpc" || protocol === "grpc-web";
