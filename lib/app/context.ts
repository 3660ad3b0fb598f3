// What every handler and job can reach: config, database, keyring, logger, the shared in-process services.
import type { Context } from "@opentelemetry/api";
import type { TokenVerifier } from "../access/verifier.ts";
import type { Metrics } from "../telemetry/metrics.ts";
import type { Config } from "../config.ts";
import type { Keyring } from "../crypto/keyring.ts";
import type { Db } from "../db/pool.ts";
import type { EgressPolicy } from "../egress/policy.ts";
import type { EventTypeCache } from "../event-types/cache.ts";
import type { EventInserter } from "../events/inserter.ts";
import type { Logger } from "../log.ts";
import type { Signals } from "../signals/signals.ts";
import type { Tracing } from "../telemetry/tracing.ts";

export interface Lifecycle {
  /** Migrations applied and workers started. */
  ready: boolean;
  /** SIGTERM received: /ready answers 503 and workers take no new work. */
  draining: boolean;
  startedAt: number;
}

export interface AppContext {
  config: Config;
  db: Db;
  /** The workers' pool: queue writes that can be redone commit without waiting for the WAL flush. */
  queueDb: Db;
  keyring: Keyring;
  log: Logger;
  version: string;
  lifecycle: Lifecycle;
  /** The outbound target policy (SSRF guard). */
  ssrf: EgressPolicy;
  signals: Signals;
  events: { types: EventTypeCache; inserter: EventInserter };
  tokens: TokenVerifier;
  metrics: Metrics;
  /** OpenTelemetry traces (`tracingOff` without an OTLP endpoint). */
  tracing: Tracing;
}

/** Who is calling. `disabled` means SVC_API_KEY is unset and every caller has full access. */
export type Principal =
  | { kind: "disabled" }
  | { kind: "master" }
  | { kind: "token"; tokenId: string; name: string; consumer: string | null }
  | { kind: "anonymous" };

export interface RequestContext {
  app: AppContext;
  principal: Principal;
  request: Request;
  log: Logger;
  /** The request span's trace context, for the spans a handler starts (undefined without tracing). */
  trace?: Context;
}
