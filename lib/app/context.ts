// What every handler and job can reach: config, database, keyring, logger and the shared in-process services, as
// interfaces and types only. It imports only types of modules that import nothing of the domain, so any module can
// take an AppContext without closing an import circle (test/layering.test.ts); lib/app/create.ts builds it.
import type { Context } from "@opentelemetry/api";
import type { Principal, TokenPrincipal } from "../access/principal.ts";
import type { Config } from "../config.ts";
import type { Keyring } from "../crypto/keyring.ts";
import type { Db } from "../db/pool.ts";
import type { HandOffPoint } from "../deliveries/stages.ts";
import type { EgressPolicy } from "../egress/policy.ts";
import type { EventTypeInfo } from "../event-types/cache.ts";
import type { Inserted, NewEvent } from "../events/new-event.ts";
import type { Logger } from "../log.ts";
import type { Signals } from "../signals/signals.ts";
import type { Metrics } from "../telemetry/metrics.ts";
import type { Tracing } from "../telemetry/tracing.ts";

export interface Lifecycle {
  /** Migrations applied and workers started. */
  ready: boolean;
  /** SIGTERM received: /ready answers 503 and workers take no new work. */
  draining: boolean;
  startedAt: number;
}

/** Token credentials by secret, cached with the spec's rules (lib/access/verifier.ts). */
export interface TokenVerification {
  verify(secret: string): Promise<TokenPrincipal>;
  /** Drops a revoked token from this instance's cache at once. */
  forget(tokenId: string): void;
  /** Writes the last_used_at updates waiting to be written. */
  flushLastUsed(): Promise<void>;
  close(): void;
}

/** Registered event types by name, cached (lib/event-types/cache.ts). */
export interface EventTypeLookup {
  get(name: string): Promise<EventTypeInfo | null>;
  /** Forgets one name (or all): the next get reads it again. */
  invalidate(name?: string): void;
}

/** Stores pushed events, in one statement with the pushes that arrive meanwhile (lib/events/inserter.ts). */
export interface EventWriter {
  insert(event: NewEvent): Promise<Inserted>;
}

export interface AppContext {
  config: Config;
  db: Db;
  /** The workers' pool: queue writes that can be redone commit without waiting for the WAL flush. */
  queueDb: Db;
  /**
   * Lag-tolerant reads only (lists of events and deliveries, attempts, stats, webhook health, the overview): the read
   * replica while it is within SVC_READ_MAX_LAG, else `db`. Never the queue, claims, idempotency or a read that must
   * see the caller's own write (docs/high-availability.md).
   */
  readDb: Db;
  keyring: Keyring;
  log: Logger;
  version: string;
  lifecycle: Lifecycle;
  /** The outbound target policy (SSRF guard). */
  ssrf: EgressPolicy;
  signals: Signals;
  events: { types: EventTypeLookup; inserter: EventWriter };
  /** Where pushes and fan-outs hand deliveries born claimed to this process's delivery worker, while it runs. */
  handOff: HandOffPoint;
  tokens: TokenVerification;
  metrics: Metrics;
  /** OpenTelemetry traces (`tracingOff` without an OTLP endpoint). */
  tracing: Tracing;
}

export interface RequestContext {
  app: AppContext;
  principal: Principal;
  request: Request;
  log: Logger;
  /** The request span's trace context, for the spans a handler starts (undefined without tracing). */
  trace?: Context;
  /** Headers the handler adds to its answer on every surface (a deprecated alias's Deprecation and Link). */
  responseHeaders?: Record<string, string>;
}
