// HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge) on one port. Node's http2 server answers both only
// over TLS (ALPN); svc is plain HTTP behind a proxy, so the first bytes of a connection decide: the HTTP/2
// client preface goes to the http2 server, anything else to the HTTP/1.1 server that listens.
import type { OutgoingHttpHeaders, Server } from "node:http";
import {
  createServer as createHttp2Server,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from "node:http2";
import type { Socket } from "node:net";

/** Every HTTP/2 connection starts with this (RFC 9113 §3.4); no HTTP/1.1 method starts with "PRI ". */
const PREFACE_START = Buffer.from("PRI ");

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

function withoutHopByHop(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders | undefined {
  if (!headers) return headers;
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.includes(name.toLowerCase())) out[name] = value;
  return out;
}

export interface H2c {
  http2: Http2Server;
  /** Sends GOAWAY on every session (in-flight streams finish; `force` ends them at once) and closes connections that have sent nothing yet. */
  closeSessions(force?: boolean): void;
}

/**
 * Makes `server` (not yet listening) hand HTTP/2 connections to an http2 server with the same handler. The
 * socket is sniffed without flowing (peek with read(), put back with unshift()), which both parsers accept.
 */
export function serveH2c(
  server: Server,
  handler: (req: Http2ServerRequest, res: Http2ServerResponse) => void,
  idleTimeoutMs: number,
): H2c {
  const http2 = createHttp2Server({}, (req, res) => {
    // HTTP/2 has no reason phrase; the fetch adapter passes one anyway and Node would warn on every process.
    // Nor connection-specific headers (RFC 9113 §8.2.2): a handler written for HTTP/1.1 may set `connection: close`
    // (the listen stream does), which Node drops with a warning per response and strict clients refuse.
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => Http2ServerResponse;
    res.writeHead = ((
      status: number,
      reasonOrHeaders?: string | OutgoingHttpHeaders,
      headers?: OutgoingHttpHeaders,
    ) => {
      for (const name of HOP_BY_HOP) res.removeHeader(name);
      return writeHead(status, withoutHopByHop(typeof reasonOrHeaders === "string" ? headers : reasonOrHeaders));
    }) as Http2ServerResponse["writeHead"];
    handler(req, res);
  });
  http2.setTimeout(idleTimeoutMs);
  // Open streams per session: a closing session with none left is destroyed at once. Node would otherwise wait
  // for the client to close the connection after GOAWAY, which a pooling client may never do.
  const sessions = new Map<ServerHttp2Session, Set<ServerHttp2Stream>>();
  let closing = false;
  const live = (session: ServerHttp2Session) => [...(sessions.get(session) ?? [])].filter((s) => !s.destroyed).length;
  /**
   * Streams we have answered while the client still sends (a body refused by size: the client is stuck on a full
   * window). RST_STREAM(NO_ERROR) is how HTTP/2 says "stop sending" after a complete response (RFC 9113 §8.1);
   * done at shutdown only, because a client still reading the answer could take it for a failure.
   */
  const releaseAnswered = (session: ServerHttp2Session) => {
    // close() is a no-op once our side is closed; destroy() sends the RST_STREAM (NO_ERROR without an error).
    for (const stream of sessions.get(session) ?? [])
      if (!stream.destroyed && stream.state.localClose) stream.destroy();
  };
  http2.on("session", (session: ServerHttp2Session) => {
    const streams = new Set<ServerHttp2Stream>();
    sessions.set(session, streams);
    session.once("close", () => sessions.delete(session));
    session.on("stream", (stream: ServerHttp2Stream) => {
      streams.add(stream);
      stream.once("close", () => {
        streams.delete(stream);
        if (closing && live(session) === 0) session.destroy();
      });
    });
  });

  const [http1Listener] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (!http1Listener) throw new Error("the HTTP/1.1 server has no connection listener");
  server.removeListener("connection", http1Listener);
  // Connections that have not sent their first bytes: neither parser owns them yet, so closeIdleConnections() and
  // closeAllConnections() do not see them, and a stop would wait for them (an HTTP client may open a connection and
  // leave it unused). They carry no request, so shutdown closes them here.
  const undecided = new Set<Socket>();
  server.prependListener("connection", (socket: Socket) => {
    undecided.add(socket);
    // A connection that sends nothing is closed like an idle HTTP/1.1 one; one whose client leaves is closed at once.
    const idle = () => socket.destroy();
    const gone = () => socket.destroy();
    socket.setTimeout(idleTimeoutMs);
    socket.once("timeout", idle);
    socket.once("end", gone);
    socket.once("error", gone);
    socket.once("close", () => undecided.delete(socket));
    const sniff = () => {
      const chunk: Buffer | null = socket.read();
      if (chunk === null) return;
      socket.unshift(chunk);
      if (chunk.length < PREFACE_START.length && PREFACE_START.subarray(0, chunk.length).equals(chunk)) return;
      undecided.delete(socket);
      socket.off("readable", sniff);
      socket.off("end", gone);
      socket.off("error", gone);
      socket.setTimeout(0);
      socket.off("timeout", idle);
      if (chunk.subarray(0, PREFACE_START.length).equals(PREFACE_START)) http2.emit("connection", socket);
      else http1Listener.call(server, socket);
    };
    socket.on("readable", sniff);
  });

  return {
    http2,
    closeSessions(force = false) {
      closing = true;
      for (const socket of undecided) socket.destroy();
      for (const session of sessions.keys()) {
        if (!force) releaseAnswered(session);
        if (force || live(session) === 0) session.destroy();
        else session.close();
      }
    },
  };
}
