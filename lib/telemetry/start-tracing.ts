// Starts tracing: the OpenTelemetry SDK is loaded only when an OTLP endpoint is configured (lib/telemetry/tracing.ts).
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { tracingOff, type Tracing } from "./tracing.ts";

/** Starts OTLP export when an endpoint is configured; otherwise returns `tracingOff` without loading the SDK. */
export async function startTracing(config: Config, version: string, log: Logger): Promise<Tracing> {
  if (!config.otel.endpoint) return tracingOff;
  const { startOtelSdk } = await import("./otel-sdk.ts");
  return startOtelSdk(config.otel, version, log);
}
