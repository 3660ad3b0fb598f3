// dist/fetch.js: svc's API for fetch runtimes (Bun, Deno, workerd and others), the composition root of that build as
// server.ts is of the Node server. `createFetchHandler(env)` answers requests; the default export is the same in the
// Workers module format. Delivery workers and scheduled jobs run on Node (dist/server.js or the svc binary).
import { routes } from "./handlers/routes.ts";
import { ConfigError } from "./lib/config.ts";
import { createFetchHandler as createHandler, type ExecutionContext, type FetchHandler } from "./lib/server/fetch.ts";

/**
 * A handler for svc's whole HTTP surface, configured from `env` (the README's variables as a plain object). It
 * applies pending migrations before its first answer. Throws a ConfigError naming every variable it refuses.
 */
export function createFetchHandler(
  env: Record<string, unknown>,
  options: { requestScoped?: boolean } = {},
): (request: Request) => Promise<Response> {
  const handler = createHandler(env, { routes, ...options });
  return (request) => handler(request);
}

const handlers = new WeakMap<object, FetchHandler>();

/** A configuration svc refuses answers every request with a 500 and logs each problem (as the server exits with them). */
function refusedConfiguration(err: ConfigError): FetchHandler {
  for (const problem of err.problems) console.error(`svc: configuration error: ${problem}`);
  return async () =>
    new Response("svc is not configured correctly: see its log\n", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
}

export default {
  /** Workers module format: env holds the variables (text bindings); ctx.waitUntil closes each request's connections. */
  fetch(request: Request, env: Record<string, unknown>, ctx?: ExecutionContext): Promise<Response> {
    let handler = handlers.get(env);
    if (!handler) {
      try {
        handler = createHandler(env, { routes });
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        handler = refusedConfiguration(err);
      }
      handlers.set(env, handler);
    }
    return handler(request, ctx);
  },
};
