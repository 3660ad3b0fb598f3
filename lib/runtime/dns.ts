// What dist/fetch.js has in place of node:dns: lookups go to the runtime's resolver (lib/runtime/builtin.ts). svc
// resolves a webhook's host when it is registered (the SSRF check, lib/egress/policy.ts); delivery, which checks
// every address again at connect time, runs on Node.
import type * as NodeDns from "node:dns";
import { runtimeBuiltin } from "./builtin.ts";

type LookupAll = { address: string; family: number }[];

const dns = () => runtimeBuiltin<typeof NodeDns>("node:dns", "to resolve webhook host names");

/** dns/promises' lookup. */
export function lookup(hostname: string, options: NodeDns.LookupAllOptions): Promise<LookupAll> {
  return dns().promises.lookup(hostname, options);
}

export const promises = { lookup };
