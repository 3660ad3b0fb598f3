// Request messages of the protocols connect-es frames (Connect binary and GET, gRPC-Web, gRPC) are decoded here,
// once, for every protocol. connect-es would answer a body it cannot decode with INTERNAL and its parser's words
// ("parse binary: premature EOF"), as if svc had failed; an undecodable request is the caller's mistake:
// INVALID_ARGUMENT with a short reason, RESOURCE_EXHAUSTED above the body limit. connect-es still frames the call
// — headers, timeouts, compression, the answer and the error in each protocol's shape — and is handed an empty
// message in place of the one decoded here, so no message is decoded twice.
import { fromBinary, fromJsonString, type DescMessage, type Message } from "@bufbuild/protobuf";
import { base64Decode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError, createContextKey, createContextValues } from "@connectrpc/connect";
import {
  compressedFlag,
  compressionNegotiate,
  createAsyncIterable,
  readAllBytes,
  type Compression,
  type UniversalHandler,
  type UniversalServerRequest,
} from "@connectrpc/connect/protocol";
import * as connect from "@connectrpc/connect/protocol-connect";
import * as grpc from "@connectrpc/connect/protocol-grpc";
import * as grpcWeb from "@connectrpc/connect/protocol-grpc-web";
import { AppError } from "../../errors.ts";
import { tooLarge } from "../body.ts";
import { toConnectError } from "./errors.ts";

/** The decoded request message, or why the request has none; read by the method's implementation. */
export const decodedInputKey = createContextKey<Message | ConnectError | undefined>(undefined, {
  description: "svc decoded request message",
});

export interface DecodeOptions {
  readMaxBytes: number;
  /** The encodings the protocol handlers accept (their `acceptCompression`). */
  acceptCompression: Compression[];
}

/** How a request carries its message: the whole body (Connect), the URL (Connect GET) or one frame (gRPC, gRPC-Web). */
interface Carrier {
  kind: "unary" | "get" | "framed";
  binary: boolean;
  /** The encoding the request names for its message, the ones it accepts, and the header that lists them. */
  encoding: string | null;
  acceptEncoding: string | null;
  acceptHeader: string;
}

/** How `req` carries its message; undefined when connect-es refuses it without reading one. */
function carrierOf(handler: UniversalHandler, req: UniversalServerRequest): Carrier | undefined {
  const type = req.header.get("content-type");
  const protocols = handler.protocolNames;
  if (req.method === "GET") {
    if (!protocols.includes("connect") || !handler.allowedMethods.includes("GET")) return undefined;
    const query = new URL(req.url).searchParams;
    const encoding = query.get("encoding");
    if (encoding !== "proto" && encoding !== "json") return undefined;
    const acceptEncoding = req.header.get(connect.headerUnaryAcceptEncoding);
    const acceptHeader = connect.headerUnaryAcceptEncoding;
    return {
      kind: "get",
      binary: encoding === "proto",
      encoding: query.get("compression"),
      acceptEncoding,
      acceptHeader,
    };
  }
  if (req.method !== "POST") return undefined;
  const framed = (binary: boolean): Carrier => ({
    kind: "framed",
    binary,
    encoding: req.header.get(grpc.headerEncoding),
    acceptEncoding: req.header.get(grpc.headerAcceptEncoding),
    acceptHeader: grpc.headerAcceptEncoding,
  });
  const asGrpc = protocols.includes("grpc") ? grpc.parseContentType(type) : undefined;
  if (asGrpc) return framed(asGrpc.binary);
  const asGrpcWeb = protocols.includes("grpc-web") ? grpcWeb.parseContentType(type) : undefined;
  if (asGrpcWeb) return asGrpcWeb.text ? undefined : framed(asGrpcWeb.binary);
  const asConnect = protocols.includes("connect") ? connect.parseContentType(type) : undefined;
  if (!asConnect || asConnect.stream) return undefined;
  return {
    kind: "unary",
    binary: asConnect.binary,
    encoding: req.header.get(connect.headerUnaryEncoding),
    acceptEncoding: req.header.get(connect.headerUnaryAcceptEncoding),
    acceptHeader: connect.headerUnaryAcceptEncoding,
  };
}

const invalid = (message: string) => toConnectError(new AppError("invalid_argument", message));

/** Reading errors in svc's words: the body limit (svc's reader or connect-es's), or a body that broke off. */
function readError(err: unknown, readMaxBytes: number): ConnectError {
  if (err instanceof ConnectError && err.code === Code.ResourceExhausted) return toConnectError(tooLarge(readMaxBytes));
  if (err instanceof ConnectError && err.code === Code.InvalidArgument) return err;
  return invalid("the request body could not be read to its end");
}

async function decompressed(bytes: Uint8Array, compression: Compression, readMaxBytes: number): Promise<Uint8Array> {
  try {
    return await compression.decompress(bytes, readMaxBytes);
  } catch (err) {
    if (err instanceof ConnectError && err.code === Code.ResourceExhausted)
      throw toConnectError(tooLarge(readMaxBytes));
    throw invalid(`the request message is not valid ${compression.name} data`);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeMessage(schema: DescMessage, bytes: Uint8Array, binary: boolean): Message {
  try {
    // Unknown JSON fields are ignored, as connect-es does by default (and as unknown binary fields are).
    return binary
      ? fromBinary(schema, bytes)
      : fromJsonString(schema, utf8.decode(bytes), { ignoreUnknownFields: true });
  } catch {
    throw invalid(`the request is not a valid ${binary ? "binary" : "JSON"} ${schema.typeName} message`);
  }
}

const joined = (chunks: Uint8Array[], length: number): Buffer =>
  chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, length) : Buffer.concat(chunks, length);

/**
 * The one message of a unary call: the body is exactly one gRPC / gRPC-Web frame (a flags byte, a 4-byte
 * big-endian length, the message). Reading stops at the first byte that cannot belong to it.
 */
async function frameOf(req: UniversalServerRequest, compression: Compression | null, opts: DecodeOptions) {
  const chunks: Uint8Array[] = [];
  let received = 0;
  let head: { flags: number; length: number } | undefined;
  try {
    for await (const chunk of req.body as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      received += chunk.byteLength;
      if (!head && received >= 5) {
        const start = joined(chunks, received);
        head = { flags: start[0]!, length: start.readUInt32BE(1) };
        if (head.flags !== 0 && head.flags !== compressedFlag)
          throw invalid(`a gRPC frame's flags are 0 (plain) or 1 (compressed), not 0x${head.flags.toString(16)}`);
        if (head.length > opts.readMaxBytes) throw toConnectError(tooLarge(opts.readMaxBytes));
      }
      if (head && received > 5 + head.length)
        throw invalid("a unary call takes exactly one message; more bytes follow the request's first gRPC frame");
    }
  } catch (err) {
    throw readError(err, opts.readMaxBytes);
  }
  if (!head)
    throw invalid(received ? "the request body ends inside a gRPC frame header" : "the request holds no message");
  if (received < 5 + head.length)
    throw invalid("the request body ends inside a gRPC frame: its length prefix promises more bytes than follow");
  const data = joined(chunks, received).subarray(5);
  if (head.flags === 0) return data;
  if (!compression) throw invalid("the message is flagged compressed, but the request names no grpc-encoding");
  return decompressed(data, compression, opts.readMaxBytes);
}

async function unaryBody(req: UniversalServerRequest, compression: Compression | null, opts: DecodeOptions) {
  let bytes: Uint8Array;
  try {
    bytes = await readAllBytes(req.body as AsyncIterable<Uint8Array>, opts.readMaxBytes);
  } catch (err) {
    throw readError(err, opts.readMaxBytes);
  }
  return compression ? decompressed(bytes, compression, opts.readMaxBytes) : bytes;
}

function queryMessage(req: UniversalServerRequest, compression: Compression | null, opts: DecodeOptions) {
  const query = new URL(req.url).searchParams;
  const text = query.get("message") ?? "";
  let bytes: Uint8Array;
  try {
    bytes = query.get("base64") === "1" ? base64Decode(text) : new TextEncoder().encode(text);
  } catch {
    throw invalid("the message parameter is not valid base64");
  }
  return compression ? decompressed(bytes, compression, opts.readMaxBytes) : bytes;
}

const EMPTY_FRAME = { binary: new Uint8Array(5), json: new Uint8Array([0, 0, 0, 0, 2, 0x7b, 0x7d]) };

/** The request connect-es is handed once the message is decoded here: the same call with an empty message. */
function withEmptyMessage(req: UniversalServerRequest, carrier: Carrier): UniversalServerRequest {
  if (carrier.kind === "framed") {
    return { ...req, body: createAsyncIterable([carrier.binary ? EMPTY_FRAME.binary : EMPTY_FRAME.json]) };
  }
  if (carrier.kind === "unary") {
    const header = new Headers(req.header);
    header.delete("content-length");
    header.delete(connect.headerUnaryEncoding);
    return {
      ...req,
      header,
      body: createAsyncIterable([carrier.binary ? new Uint8Array() : EMPTY_FRAME.json.slice(5)]),
    };
  }
  const url = new URL(req.url);
  url.searchParams.set("message", carrier.binary ? "" : "{}");
  url.searchParams.delete("base64");
  url.searchParams.delete("compression");
  return { ...req, url: url.toString() };
}

function withoutContentType(req: UniversalServerRequest): UniversalServerRequest {
  const header = new Headers(req.header);
  header.delete("content-type");
  return { ...req, header };
}

/** A Connect GET of a read method without `encoding=json|proto`: connect-es would answer 415 with no body at all. */
const isBadGet = (handler: UniversalHandler, req: UniversalServerRequest) =>
  req.method === "GET" && handler.protocolNames.includes("connect") && handler.allowedMethods.includes("GET");

/** The call as a JSON GET of an empty message, carrying why it has no message: answered as a Connect JSON error. */
function badGet(req: UniversalServerRequest): UniversalServerRequest {
  const url = new URL(req.url);
  const encoding = url.searchParams.get("encoding");
  for (const name of ["base64", "compression"]) url.searchParams.delete(name);
  url.searchParams.set("encoding", "json");
  url.searchParams.set("message", "{}");
  const why = invalid(
    encoding === null
      ? "a Connect GET names its message's encoding: ?encoding=json or ?encoding=proto, with message=…"
      : "a Connect GET's encoding is json or proto",
  );
  const contextValues = (req.contextValues ?? createContextValues()).set(decodedInputKey, why);
  return { ...req, url: url.toString(), contextValues };
}

/**
 * `handler` with its request message decoded here. A request connect-es refuses without reading it (a content
 * type, method or encoding it does not serve) passes through unchanged.
 */
export function decodingHandler(handler: UniversalHandler, opts: DecodeOptions): UniversalHandler {
  const schema = handler.method.input;
  const decoding = async (sent: UniversalServerRequest) => {
    // A GET has no body, so a Content-Type on it says nothing; connect-es would choose a protocol by it (and answer
    // 415 with no body for one it does not know).
    const req = sent.method === "GET" && sent.header.has("content-type") ? withoutContentType(sent) : sent;
    const carrier = carrierOf(handler, req);
    if (!carrier) return isBadGet(handler, req) ? handler(badGet(req)) : handler(req);
    const compression = compressionNegotiate(
      opts.acceptCompression,
      carrier.encoding,
      carrier.acceptEncoding,
      carrier.acceptHeader,
    );
    // gRPC and gRPC-Web answer an unknown encoding with UNIMPLEMENTED in trailers (HTTP 200), as their
    // specifications ask; Connect's mapping would make the same code an HTTP 501, a server error for a caller's
    // header, so on Connect it is INVALID_ARGUMENT (400) naming what is accepted.
    if (compression.error && carrier.kind === "framed") return handler(req);
    let decoded: Message | ConnectError;
    if (compression.error) {
      const accepted = opts.acceptCompression.map((c) => c.name).join(", ");
      decoded = invalid(
        `the request's message is compressed as "${carrier.encoding}", which is not accepted here` +
          (accepted ? ` (${accepted} or none)` : "; send it uncompressed"),
      );
    } else
      try {
        const bytes =
          carrier.kind === "framed"
            ? await frameOf(req, compression.request, opts)
            : carrier.kind === "unary"
              ? await unaryBody(req, compression.request, opts)
              : await queryMessage(req, compression.request, opts);
        decoded = decodeMessage(schema, bytes, carrier.binary);
      } catch (err) {
        decoded = err instanceof ConnectError ? err : readError(err, opts.readMaxBytes);
      }
    const contextValues = (req.contextValues ?? createContextValues()).set(decodedInputKey, decoded);
    return handler(withEmptyMessage({ ...req, contextValues }, carrier));
  };
  return Object.assign(decoding, {
    requestPath: handler.requestPath,
    service: handler.service,
    method: handler.method,
    supportedContentType: handler.supportedContentType,
    protocolNames: handler.protocolNames,
    allowedMethods: handler.allowedMethods,
  });
}
