// Starts svc for a test: a fresh database, a real HTTP server on 127.0.0.1 and helpers to call both surfaces.
import { after, before, type TestContext } from "node:test";
import type { AppContext } from "../../lib/app/context.ts";
import { loadConfig } from "../../lib/config.ts";
import { createLogger, type Logger } from "../../lib/log.ts";
import { startServer, type StartOptions } from "../../lib/server/start.ts";
import { routes as allRoutes } from "../../handlers/routes.ts";
import { startWorkers, type WorkerOptions, type Workers } from "../../jobs/index.ts";
import { createTestDatabase } from "./cluster.ts";

/** Two keyring keys so rotation paths are exercised; k1 is primary. */
export const TEST_KEYS = `k0=${"0".repeat(63)}1,k1=${"ab".repeat(32)}`;
export const TEST_API_KEY = "test-master-key-0123456789abcdef0123456789";

export function testEnv(
  databaseUrl: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    DATABASE_URL: databaseUrl,
    SVC_ENCRYPTION_KEYS: TEST_KEYS,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "k1",
    SVC_API_KEY: TEST_API_KEY,
    SVC_ALLOWED_NETWORKS: "127.0.0.1/32",
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_LOG_LEVEL: "error",
    ...overrides,
  };
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestService {
  url: string;
  app: AppContext;
  /** The background workers, when the service was started with them. */
  workers?: Workers;
  databaseUrl: string;
  /** Lines the server logged (JSON-parsed). */
  logs: Record<string, unknown>[];
  /** A real HTTP request to the server. */
  request(path: string, init?: RequestInit & { json?: unknown; apiKey?: string | null }): Promise<CallResult>;
  /** RPC call; resolves with the body on 200, rejects with an RpcError otherwise. */
  rpc<T = any>(service: string, method: string, body?: unknown, apiKey?: string | null): Promise<T>;
  rpcRaw(service: string, method: string, body?: unknown, apiKey?: string | null): Promise<CallResult>;
  rest(method: string, path: string, body?: unknown, apiKey?: string | null): Promise<CallResult>;
  stop(): Promise<void>;
}

export class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface TestServiceOptions extends Omit<StartOptions, "log" | "startWorkers" | "routes"> {
  /** Default: the whole route table. */
  routes?: StartOptions["routes"];
  env?: Record<string, string | undefined>;
  /** Start the fan-out and delivery workers and the scheduler (with short poll intervals). */
  workers?: boolean | WorkerOptions;
  databaseUrl?: string;
  logLevel?: "debug" | "info" | "warn" | "error";
}

/** Anything that can run cleanup when a test (or a whole file) ends. */
export type Cleanup = Pick<TestContext, "after">;

/**
 * One service for a whole test file (call at the file's top level): started before its first test, stopped after
 * its last. Tests sharing it use their own names and ids, so they stay independent.
 */
export function sharedService(options: TestServiceOptions = {}): () => TestService {
  let service: TestService | undefined;
  const cleanups: (() => unknown)[] = [];
  before(async () => {
    service = await startTestService({ after: (fn: () => unknown) => void cleanups.push(fn) } as Cleanup, options);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  return () => {
    if (!service) throw new Error("the shared service is not started yet");
    return service;
  };
}

export async function startTestService(t: Cleanup, options: TestServiceOptions = {}): Promise<TestService> {
  // The database is dropped after the service has stopped: a stopping worker still writes its last outcomes.
  const drops: (() => unknown)[] = [];
  const databaseUrl =
    options.databaseUrl ?? (await createTestDatabase({ after: (fn: () => unknown) => void drops.push(fn) } as Cleanup));
  let stopService: (() => Promise<void>) | undefined;
  t.after(async () => {
    await stopService?.();
    for (const drop of drops) await drop();
  });
  const { config } = loadConfig(testEnv(databaseUrl, options.env));
  const logs: Record<string, unknown>[] = [];
  const log: Logger = createLogger(options.logLevel ?? "info", (line) => logs.push(JSON.parse(line)));
  const workerOptions: WorkerOptions | undefined = options.workers
    ? { pollMs: 100, schedulerTickMs: 200, drainMs: 2_000, ...(options.workers === true ? {} : options.workers) }
    : undefined;
  const running = await startServer(config, {
    ...options,
    routes: options.routes ?? allRoutes,
    log,
    databaseWaitSeconds: 0,
    startWorkers: workerOptions ? (app) => startWorkers(app, workerOptions) : undefined,
  });
  stopService = () => running.stop();

  const request: TestService["request"] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    const apiKey = init.apiKey === undefined ? TEST_API_KEY : init.apiKey;
    if (apiKey !== null && !headers.has("x-api-key") && !headers.has("authorization")) headers.set("x-api-key", apiKey);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const res = await fetch(running.url + path, { ...init, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  const rpcRaw: TestService["rpcRaw"] = (service, method, body = {}, apiKey) =>
    request(`/webhook.${service}/${method}`, { method: "POST", json: body, apiKey });
  return {
    url: running.url,
    app: running.app,
    workers: running.workers as Workers | undefined,
    databaseUrl,
    logs,
    request,
    rpcRaw,
    async rpc(service, method, body, apiKey) {
      const res = await rpcRaw(service, method, body, apiKey);
      if (res.status !== 200) throw new RpcError(res.status, res.body?.code, res.body?.message, res.body);
      return res.body;
    },
    rest: (method, path, body, apiKey) =>
      request(path, { method, ...(body === undefined ? {} : { json: body }), apiKey }),
    stop: () => running.stop(),
  };
}
