// Starts svc: config → migrations (under a lock) → pool → HTTP → workers; and stops it gracefully.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppContext } from "../app/context.ts";
import type { Config } from "../config.ts";
import { createAppContext } from "../app/create.ts";
import { migrate } from "../db/migrate.ts";
import { registerDatabaseGauges } from "../telemetry/gauges.ts";
import { startTracing } from "../telemetry/start-tracing.ts";
import { installLingeringClose } from "../http/lingering-close.ts";
import { ensureSystemCatalog } from "../system-events/emit.ts";
import { createPool, isConnectionError } from "../db/pool.ts";
import { createReadRouting } from "../db/reads.ts";
import { createHttpApp } from "../http/app.ts";
import { serveH2c } from "../http/h2c.ts";
import { createGrpcHandler, createNodeHandler, isNativeGrpc } from "../http/node-adapter.ts";
import { stripPrefix } from "../http/path-prefix.ts";
import type { AnyRoute } from "../http/route.ts";
import { createLogger, type Logger } from "../log.ts";
import { VERSION } from "../version.ts";

export interface RunningServer {
  app: AppContext;
  /** What startWorkers returned (undefined when workers are off). */
  workers?: { stop(): Promise<void> } & Record<string, unknown>;
  url: string;
  server: Server;
  /** Graceful stop: readiness off, workers stop and release their work, HTTP drains, pool closes. */
  stop(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** The operations served: handlers/routes.ts, handed in by the entry point (lib/ never imports handlers/). */
  routes: AnyRoute[];
  /** Seconds to keep retrying the first database connection (a database still starting up). */
  databaseWaitSeconds?: number;
  /** Extra per-process work started after HTTP listens (the delivery workers and scheduled jobs). */
  startWorkers?: (app: AppContext) => Promise<{ stop(): Promise<void> } & Record<string, unknown>>;
}

/** What an entry point composes a service from: its operations and its background work. */
export type ServiceParts = Pick<StartOptions, "routes" | "startWorkers">;

/**
 * The whole shutdown, every phase included, ends within 30 s (CONTRACT): workers get at most the grace period
 * (25 s at most), open HTTP requests share the same clock, and closing pools and listeners gets the rest.
 */
const SHUTDOWN_BUDGET_MS = 27_000;

async function migrateWithRetry(config: Config, log: Logger, waitSeconds: number): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let delayMs = 250; ; delayMs = Math.min(delayMs * 2, 5_000)) {
    try {
      const { applied } = await migrate(config.databaseUrl, {
        pooled: config.database.pooled,
        onProgress: (p) => p.phase === "running" && log.info("migration still running", { ...p }),
      });
      if (applied.length) log.info("migrations applied", { migrations: applied });
      return;
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + delayMs > deadline) throw err;
      log.warn("database not reachable yet; retrying", { error: (err as Error).message, retry_in_ms: delayMs });
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  await migrateWithRetry(config, log, options.databaseWaitSeconds ?? 30);

  const { pooled } = config.database;
  const db = createPool(config.databaseUrl, log, { pooled });
  await ensureSystemCatalog(db);
  const queueDb = createPool(config.databaseUrl, log, {
    max: 10,
    applicationName: "svc-worker",
    asyncCommit: true,
    pooled,
  });
  const tracing = await startTracing(config, VERSION, log);
  const reads = createReadRouting(db, log, {
    readUrl: config.database.readUrl,
    maxLagSeconds: config.database.readMaxLagSeconds,
    pooled,
  });
  const app: AppContext = createAppContext(config, db, log, { tracing, readDb: reads.db }, queueDb);
  registerDatabaseGauges(app);
  const http = createHttpApp(app, options.routes);
  const adapter = createNodeHandler(http);
  const grpc = createGrpcHandler(app, http);
  // Under a path prefix (SVC_PUBLIC_URL's path) a request may come with it or without it: routes never see it.
  const prefix = config.publicUrl?.prefix ?? "";
  const server = createServer((req, res) => {
    stripPrefix(req, prefix);
    return adapter(req, res);
  });
  installLingeringClose(server);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // HTTP/2 without TLS (prior knowledge) on the same port: native gRPC through connect-node, the rest through
  // the same fetch handler as HTTP/1.1.
  const h2c = serveH2c(
    server,
    (req, res) => {
      stripPrefix(req, prefix);
      return isNativeGrpc(req.headers["content-type"]) ? grpc(req, res) : adapter(req, res);
    },
    server.keepAliveTimeout,
  );

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const workers = options.startWorkers && config.workers ? await options.startWorkers(app) : undefined;
  app.lifecycle.ready = true;
  log.info("svc listening", {
    url,
    version: VERSION,
    environment: config.environment,
    ui: config.serveUi,
    auth: config.apiKey ? "enabled" : "disabled",
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const budgetEnds = Date.now() + SHUTDOWN_BUDGET_MS;
      app.lifecycle.draining = true;
      log.info("shutting down: draining requests and releasing in-flight work");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      h2c.closeSessions();
      await workers?.stop().catch((err) => log.error("workers did not stop cleanly", { error: err }));
      const deadline = new Promise<void>((resolve) =>
        setTimeout(resolve, Math.max(0, budgetEnds - Date.now())).unref(),
      );
      await Promise.race([closed, deadline]);
      server.closeAllConnections();
      h2c.closeSessions(true);
      await adapter.dispose?.();
      await app.signals.close();
      app.tokens.close();
      // Last spans and figures go out (bounded by the exporters' timeouts) before the process ends.
      await Promise.all([app.metrics.shutdown(), app.tracing.shutdown()]);
      await app.tokens.flushLastUsed();
      await Promise.all([db.end(), queueDb.end(), reads.close()]).catch(() => {});
      log.info("stopped");
    })());

  return { app, url, server, stop, workers };
}
