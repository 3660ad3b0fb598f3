// libpq-style connection URLs, which node-postgres does not read: several `host:port` pairs and
// `target_session_attrs`. A URL becomes one single-host URL per server (what node-postgres connects to) plus the
// kind of server svc must land on.

/** libpq's values: `read-write` and `primary` mean "the server that takes writes", `any` takes the first answering. */
export type SessionAttrs = "any" | "read-write" | "primary" | "read-only" | "standby" | "prefer-standby";

const ATTRS = new Set<string>(["any", "read-write", "primary", "read-only", "standby", "prefer-standby"]);

export interface DatabaseHost {
  /** `host:port` as written, for logs. */
  label: string;
  /** Undefined when the URL names no host (node-postgres' defaults apply). */
  host?: string;
  port?: number;
}

export interface DatabaseTarget {
  /** The URL with only its first host: node-postgres reads user, database and TLS settings from it. */
  base: string;
  /** In the order written; the first is tried first. */
  hosts: DatabaseHost[];
  sessionAttrs: SessionAttrs;
}

function parseHost(h: string): DatabaseHost {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(h);
  if (!m || m[1] === "") throw new Error(`host "${h}" is not host or host:port`);
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65535))
    throw new Error(`port of host "${h}" is not between 1 and 65535`);
  return { label: h, host: decodeURIComponent(m[1]!.replace(/^\[|\]$/g, "")), port };
}

/** Splits `postgres://user:pass@h1:5432,h2:5433/db?target_session_attrs=read-write`; throws with the reason. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const m = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/.exec(url.trim());
  if (!m) throw new Error("must be a postgres:// or postgresql:// URL");
  const [, scheme, userinfo, hostList, rest] = m as unknown as [string, string, string | undefined, string, string];
  const queryAt = rest.indexOf("?");
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? "" : rest.slice(queryAt + 1));
  const attrs = query.get("target_session_attrs") ?? "any";
  if (!ATTRS.has(attrs))
    throw new Error(
      `target_session_attrs "${attrs}" is not one of any, read-write, primary, read-only, standby, prefer-standby`,
    );
  query.delete("target_session_attrs");
  const qs = query.toString();
  const names = hostList.split(",");
  if (hostList !== "" && names.some((h) => h.trim() === "")) throw new Error("has an empty host between commas");
  const hosts = hostList === "" ? [{ label: "localhost" }] : names.map(parseHost);
  const base = `${scheme}${userinfo === undefined ? "" : `${userinfo}@`}${names[0]}${path}${qs ? `?${qs}` : ""}`;
  return { base, hosts, sessionAttrs: attrs as SessionAttrs };
}

/** The URL with its password replaced by `***`, for logs and error messages. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/, "$1***@");
}
