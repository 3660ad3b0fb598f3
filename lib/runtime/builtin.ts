// A Node-compatible built-in module of the runtime running dist/fetch.js, asked for at the moment it is needed. The
// bundle imports no networking module (it loads on any fetch runtime); the few things that need the network beyond
// fetch — the PostgreSQL socket and resolving a webhook's host name — use what the runtime offers: Node, Bun, Deno
// and workerd (with nodejs_compat) all answer process.getBuiltinModule.
type Process = { getBuiltinModule?: (name: string) => unknown };

export function runtimeBuiltin<T>(name: string, purpose: string): T {
  const found = (globalThis as { process?: Process }).process?.getBuiltinModule?.(name);
  if (!found) throw new Error(`this runtime offers no ${name}, which svc needs ${purpose}`);
  return found as T;
}
