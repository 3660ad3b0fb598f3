// A real OTLP collector for tests: OTLP/HTTP (protobuf, or JSON) on /v1/traces and /v1/metrics, or OTLP/gRPC,
// decoding protobuf with the official proto definitions (the protobufjs module generated from them, shipped by
// otlp-transformer 0.57.2). OTLP/JSON is the same structure with ids as hex strings.
import * as grpc from "@grpc/grpc-js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { TestContext } from "node:test";

const require = createRequire(import.meta.url);
const collector = require("@opentelemetry/otlp-transformer/build/src/generated/root.js").opentelemetry.proto.collector;
const TraceRequest = collector.trace.v1.ExportTraceServiceRequest;
const TraceResponse = collector.trace.v1.ExportTraceServiceResponse;
const MetricsRequest = collector.metrics.v1.ExportMetricsServiceRequest;
const MetricsResponse = collector.metrics.v1.ExportMetricsServiceResponse;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  status: { code: number; message: string };
  events: { name: string; attributes: Record<string, unknown> }[];
  resource: Record<string, unknown>;
}

export interface ReceivedPoint {
  metric: string;
  attributes: Record<string, unknown>;
  /** Sums and gauges: the value; histograms: the count. */
  value: number;
  sum?: number;
}

export interface OtlpReceiver {
  /** The OTEL_EXPORTER_OTLP_ENDPOINT to configure. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every data point of every export, in arrival order (cumulative temporality: the last one is the total). */
  points: ReceivedPoint[];
  /** Export requests seen, with their headers (HTTP) or metadata (gRPC). */
  requests: { path: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}

const hex = (b: Uint8Array | string | undefined) => (typeof b === "string" ? b : Buffer.from(b ?? []).toString("hex"));

function anyValue(v: any): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined && v.stringValue !== null) return v.stringValue;
  if (v.boolValue !== undefined && v.boolValue !== null) return v.boolValue;
  if (v.intValue !== undefined && v.intValue !== null) return Number(v.intValue);
  if (v.doubleValue !== undefined && v.doubleValue !== null) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(anyValue);
  return undefined;
}
const attrs = (list: any[] | undefined) =>
  Object.fromEntries((list ?? []).map((kv: any) => [kv.key, anyValue(kv.value)]));

function collectSpans(into: ReceivedSpan[], request: any): void {
  for (const rs of request.resourceSpans ?? []) {
    const resource = attrs(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        into.push({
          traceId: hex(s.traceId),
          spanId: hex(s.spanId),
          parentSpanId: hex(s.parentSpanId),
          name: s.name,
          kind: s.kind,
          attributes: attrs(s.attributes),
          links: (s.links ?? []).map((l: any) => ({ traceId: hex(l.traceId), spanId: hex(l.spanId) })),
          status: { code: s.status?.code ?? 0, message: s.status?.message ?? "" },
          events: (s.events ?? []).map((e: any) => ({ name: e.name, attributes: attrs(e.attributes) })),
          resource,
        });
      }
    }
  }
}

function collectPoints(into: ReceivedPoint[], request: any): void {
  for (const rm of request.resourceMetrics ?? []) {
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        const data = m.sum ?? m.gauge;
        for (const p of data?.dataPoints ?? [])
          into.push({ metric: m.name, attributes: attrs(p.attributes), value: p.asDouble ?? Number(p.asInt ?? 0) });
        for (const p of m.histogram?.dataPoints ?? [])
          into.push({ metric: m.name, attributes: attrs(p.attributes), value: Number(p.count ?? 0), sum: p.sum ?? 0 });
      }
    }
  }
}

/** OTLP/HTTP with protobuf bodies (what `http/protobuf` sends) or JSON ones (`http/json`). */
export async function startOtlpHttpReceiver(t?: Pick<TestContext, "after">): Promise<OtlpReceiver> {
  const received: OtlpReceiver = { endpoint: "", spans: [], points: [], requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      received.requests.push({ path: req.url ?? "", headers: req.headers });
      try {
        if (req.headers["content-type"] === "application/json") {
          const request = JSON.parse(body.toString("utf8"));
          if (req.url === "/v1/traces") collectSpans(received.spans, request);
          else collectPoints(received.points, request);
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
          return;
        }
        if (req.headers["content-type"] !== "application/x-protobuf")
          throw new Error(`unexpected content type ${req.headers["content-type"]}`);
        if (req.url === "/v1/traces") {
          collectSpans(received.spans, TraceRequest.toObject(TraceRequest.decode(body), { longs: String }));
          res.writeHead(200, { "content-type": "application/x-protobuf" }).end(TraceResponse.encode({}).finish());
        } else if (req.url === "/v1/metrics") {
          collectPoints(received.points, MetricsRequest.toObject(MetricsRequest.decode(body), { longs: String }));
          res.writeHead(200, { "content-type": "application/x-protobuf" }).end(MetricsResponse.encode({}).finish());
        } else res.writeHead(404).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  received.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  received.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  t?.after(() => received.close());
  return received;
}

/** OTLP/gRPC: the collector's TraceService and MetricsService Export methods. */
export async function startOtlpGrpcReceiver(t?: Pick<TestContext, "after">): Promise<OtlpReceiver> {
  const received: OtlpReceiver = { endpoint: "", spans: [], points: [], requests: [], close: async () => {} };
  const unary = (path: string, Request: any, Response: any) => ({
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: any) => Buffer.from(Request.encode(m).finish()),
    requestDeserialize: (b: Buffer) => Request.toObject(Request.decode(b), { longs: String }),
    responseSerialize: (m: any) => Buffer.from(Response.encode(m).finish()),
    responseDeserialize: (b: Buffer) => Response.decode(b),
  });
  const server = new grpc.Server();
  server.addService(
    {
      Export: unary("/opentelemetry.proto.collector.trace.v1.TraceService/Export", TraceRequest, TraceResponse),
    } as grpc.ServiceDefinition,
    {
      Export(call: grpc.ServerUnaryCall<any, any>, done: grpc.sendUnaryData<any>) {
        received.requests.push({ path: "TraceService/Export", headers: call.metadata.getMap() });
        collectSpans(received.spans, call.request);
        done(null, {});
      },
    },
  );
  server.addService(
    {
      Export: unary("/opentelemetry.proto.collector.metrics.v1.MetricsService/Export", MetricsRequest, MetricsResponse),
    } as grpc.ServiceDefinition,
    {
      Export(call: grpc.ServerUnaryCall<any, any>, done: grpc.sendUnaryData<any>) {
        received.requests.push({ path: "MetricsService/Export", headers: call.metadata.getMap() });
        collectPoints(received.points, call.request);
        done(null, {});
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  received.endpoint = `http://127.0.0.1:${port}`;
  // The exporter keeps its HTTP/2 session open: a graceful shutdown would wait for it.
  received.close = async () => server.forceShutdown();
  t?.after(() => received.close());
  return received;
}
