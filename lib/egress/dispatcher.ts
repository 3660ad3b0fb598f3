// undici dispatchers whose every connection goes through the egress policy: the host is resolved, every address
// is checked, and the socket connects to a checked address — no gap between check and connect for DNS rebinding.
// IP-literal hosts skip Node's lookup, so the connect wrapper checks them itself. TLS keeps the host name for SNI
// and certificate checks.
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector } from "undici";
import { EgressBlockedError, type EgressPolicy } from "./policy.ts";

export function guardedLookup(policy: EgressPolicy): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    policy.resolveChecked(hostname).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        const wanted = options?.family ? entries.filter((e) => e.family === options.family) : entries;
        const list = wanted.length ? wanted : entries;
        if (options?.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err) => callback(err),
    );
  }) as LookupFunction;
}

export interface DispatcherOptions {
  verifySsl: boolean;
  connectTimeoutMs?: number;
  /** Connections kept per origin. */
  connectionsPerOrigin?: number;
}

export function createGuardedDispatcher(policy: EgressPolicy, options: DispatcherOptions): Agent {
  const connect = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    rejectUnauthorized: options.verifySsl,
    lookup: guardedLookup(policy),
  } as buildConnector.BuildOptions);
  return new Agent({
    connections: options.connectionsPerOrigin ?? 128,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    connect(opts, callback) {
      const host = opts.hostname.startsWith("[") ? opts.hostname.slice(1, -1) : opts.hostname;
      if (isIP(host)) {
        const verdict = policy.checkAddress(host);
        if (!verdict.ok) {
          callback(new EgressBlockedError(verdict.rule, verdict.reason), null);
          return;
        }
      }
      connect(opts, callback);
    },
  });
}
