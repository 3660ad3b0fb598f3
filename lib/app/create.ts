// Builds the AppContext from parsed config: the one place that knows every shared service.
import { TokenVerifier } from "../access/verifier.ts";
import type { Config } from "../config.ts";
import { Keyring } from "../crypto/keyring.ts";
import type { Db } from "../db/pool.ts";
import { HandOff } from "../deliveries/hand-off.ts";
import { EventTypeCache } from "../event-types/cache.ts";
import { EventInserter } from "../events/inserter.ts";
import type { Logger } from "../log.ts";
import { createSignals } from "../signals/signals.ts";
import { createEgressPolicy } from "../egress/policy.ts";
import { Metrics } from "../telemetry/metrics.ts";
import { tracingOff, type Tracing } from "../telemetry/tracing.ts";
import { VERSION } from "../version.ts";
import type { AppContext } from "./context.ts";

export interface CreateOptions {
  /** Listen for wake-ups from other instances (off for tools that never run workers). */
  listen?: boolean;
  /** OTLP export, started by the server (lib/telemetry/tracing.ts); off when absent. */
  tracing?: Tracing;
  /** The pool for lag-tolerant reads (lib/db/reads.ts); the primary's when absent. */
  readDb?: Db;
}

export function createAppContext(
  config: Config,
  db: Db,
  log: Logger,
  options: CreateOptions = {},
  queueDb: Db = db,
): AppContext {
  const tracing = options.tracing ?? tracingOff;
  const signals = createSignals(options.listen === false ? undefined : config.database.listenUrl, log);
  const handOff = new HandOff();
  return {
    config,
    db,
    queueDb,
    readDb: options.readDb ?? db,
    keyring: new Keyring(config.encryptionKeys, config.primaryKeyId),
    log,
    version: VERSION,
    lifecycle: { ready: false, draining: false, startedAt: Date.now() },
    ssrf: createEgressPolicy({
      allowedNetworks: config.allowedNetworks,
      allowPrivateNetworks: config.allowPrivateNetworks,
    }),
    signals,
    events: { types: new EventTypeCache(db), inserter: new EventInserter(db, { signals, tracing, handOff }) },
    handOff,
    tokens: new TokenVerifier(db, log),
    metrics: new Metrics({
      version: VERSION,
      consumerLabel: config.metrics.consumerLabel,
      serviceName: config.otel.serviceName,
      resourceAttributes: config.otel.resourceAttributes,
      otlp: tracing.metricReader,
    }),
    tracing,
  };
}
