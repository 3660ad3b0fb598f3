// svc's API as a plain fetch handler (dist/fetch.js), for runtimes other than Node's server: Bun, Deno, workerd, or
// any host that calls `(request) => Promise<Response>`. The same HTTP app over the same route table as the server,
// configured from a plain object of the README's variables. Delivery workers and scheduled jobs are not here: they
// run on Node (dist/server.js or the binary) against the same database.
import { AsyncLocalStorage } from "node:async_hooks";
import { TokenVerifier } from "../access/verifier.ts";
import type { AppContext } from "../app/context.ts";
import { createAppContext } from "../app/create.ts";
import { loadConfig, type Config } from "../config.ts";
import { migrate } from "../db/migrate.ts";
import { createPool, type Db } from "../db/pool.ts";
import { EventTypeCache } from "../event-types/cache.ts";
import { EventInserter } from "../events/inserter.ts";
import { createHttpApp } from "../http/app.ts";
import type { AnyRoute } from "../http/route.ts";
import { createLogger, type Logger } from "../log.ts";
import { ensureSystemCatalog } from "../system-events/emit.ts";

/** What Workers-style runtimes pass as the third argument of `fetch`. */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchHandlerOptions {
  routes: AnyRoute[];
  /**
   * Give every request database connections of its own, closed when its response has been sent. workerd needs it:
   * there a connection opened for one request cannot be used by another (it hangs). Default: on under workerd.
   */
  requestScoped?: boolean;
  /** Default: JSON lines through console.log (every runtime has it; not all have process.stdout). */
  log?: Logger;
}

export type FetchHandler = (request: Request, ctx?: ExecutionContext) => Promise<Response>;

/** Connections one request may hold at once when scoped (a transaction beside a read, at most). */
const REQUEST_POOL_SIZE = 4;

const isWorkerd = () =>
  typeof navigator !== "undefined" && (navigator as { userAgent?: string }).userAgent === "Cloudflare-Workers";

/** The parts of the app context that do I/O, made for one request when connections are request-scoped. */
type RequestScope = Pick<AppContext, "db" | "queueDb" | "readDb" | "events" | "tokens">;

/**
 * The app context handlers see: the shared one, except that inside a request-scoped request its I/O parts are that
 * request's own (nothing that holds a connection, batches writes or runs a timer is shared between requests).
 */
function scopedApp(shared: AppContext, scopes: AsyncLocalStorage<RequestScope>): AppContext {
  return new Proxy(shared, {
    get(target, key, receiver) {
      const scope = scopes.getStore();
      if (scope && Object.hasOwn(scope, key)) return scope[key as keyof RequestScope];
      return Reflect.get(target, key, receiver);
    },
  });
}

function openScope(config: Config, shared: AppContext, log: Logger): RequestScope & { close(): Promise<void> } {
  const db = createPool(config.databaseUrl, log, { max: REQUEST_POOL_SIZE, pooled: config.database.pooled });
  const tokens = new TokenVerifier(db, log);
  const scope = {
    db,
    queueDb: db,
    // A request of its own reads from its own connections too: a shared read pool would hang under workerd.
    readDb: db,
    events: {
      types: new EventTypeCache(db),
      inserter: new EventInserter(db, { signals: shared.signals, tracing: shared.tracing, handOff: shared.handOff }),
    },
    tokens,
    async close() {
      await tokens.flushLastUsed();
      tokens.close();
      await db.end();
    },
  };
  return scope;
}

/** The response, with `done` settling once its body has been sent or given up (at once when it has none). */
function watchBody(response: Response): { response: Response; done: Promise<void> } {
  if (!response.body) return { response, done: Promise.resolve() };
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          finished();
        } else controller.enqueue(value);
      } catch (err) {
        controller.error(err);
        finished();
      }
    },
    cancel(reason) {
      finished();
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return { response: new Response(body, { status, statusText, headers }), done };
}

/** The variables of an env object: Workers pass unset ones as null, beside bindings that are not text at all. */
function stringsOf(env: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export function createFetchHandler(env: Record<string, unknown>, options: FetchHandlerOptions): FetchHandler {
  const { config, warnings } = loadConfig(stringsOf(env));
  const log = options.log ?? createLogger(config.logLevel, (line) => console.log(line));
  for (const warning of warnings) log.warn(warning);
  const requestScoped = options.requestScoped ?? isWorkerd();

  // Unscoped runtimes keep one pool for the life of the handler, as the server does.
  const sharedDb: Db = createPool(config.databaseUrl, log, { pooled: config.database.pooled });
  const shared = createAppContext(config, sharedDb, log, { listen: false });
  const scopes = new AsyncLocalStorage<RequestScope>();
  const app = requestScoped ? scopedApp(shared, scopes) : shared;
  const http = createHttpApp(app, options.routes);

  // Migrations and svc's own catalog, once, before the first answer (as the server does at start-up); a failure is
  // tried again by the next request, and meanwhile /ready answers 503.
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      const { applied } = await migrate(config.databaseUrl, { pooled: config.database.pooled });
      if (applied.length) log.info("migrations applied", { migrations: applied });
      await ensureSystemCatalog(app.db);
      shared.lifecycle.ready = true;
    })().catch((err) => {
      started = undefined;
      log.error("svc could not start", { error: err });
    }));

  if (!requestScoped)
    return async (request) => {
      await start();
      return http.fetch(request);
    };

  return async (request, ctx) => {
    const scope = openScope(config, shared, log);
    return scopes.run(scope, async () => {
      let answered: { response: Response; done: Promise<void> };
      try {
        await start();
        answered = watchBody(await http.fetch(request));
      } catch (err) {
        await scope.close().catch(() => {});
        throw err;
      }
      const closed = answered.done
        .then(() => scope.close())
        .catch((err) => log.warn("closing a request's connections failed", { error: err }));
      ctx?.waitUntil(closed);
      return answered.response;
    });
  };
}
