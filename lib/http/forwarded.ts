// Who really called: the client address, scheme and host of a request that may have come through reverse proxies.
// Pure: it sees the socket's peer address, the request's headers and the trusted networks, nothing else.
//
// A forwarded header is only as honest as the hop that wrote it. Every proxy appends the address it saw to the
// right end of X-Forwarded-For (or Forwarded), so the list is read from the right: the socket peer must be trusted
// for the last entry to count, that entry must be trusted for the one before it to count, and so on. The first
// address that is not a trusted proxy is the client; anything left of it was written by the client and may be
// forged. From an untrusted peer no forwarded header is read at all.
import type { TrustedProxies } from "../trusted-proxies.ts";

export interface RequestOrigin {
  /** The client's address (an IP, or an obfuscated id / `unknown` a trusted proxy reported); "" when unknown. */
  clientAddress: string;
  /** `http` or `https`, as the client used it. */
  scheme: "http" | "https";
  /** The host (with port when not the default) the client addressed. */
  host: string;
  /** True when forwarded headers were believed (the peer is a trusted proxy). */
  forwarded: boolean;
}

/** What the connection itself says, before any header from a proxy is considered. */
export interface Direct {
  peer: string | undefined;
  scheme: "http" | "https";
  host: string;
}

type HeaderGet = (name: string) => string | null | undefined;

/** An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `[::1]`, `[::1]:5678`, `::1`; else as written. */
export function stripPort(value: string): string {
  const v = value.trim();
  if (v.startsWith("[")) {
    const end = v.indexOf("]");
    return end > 0 ? v.slice(1, end) : v;
  }
  // One colon: IPv4 (or a name) with a port. Several: a bare IPv6 address, which has no port.
  const colon = v.indexOf(":");
  if (colon > 0 && colon === v.lastIndexOf(":")) return v.slice(0, colon);
  return v;
}

/** Splits a header list on commas outside quoted strings. */
function splitList(value: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === "\\" && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === "," && !quoted) {
      out.push(current.trim());
      current = "";
    } else current += c;
  }
  out.push(current.trim());
  return out.filter(Boolean);
}

/** One RFC 7239 forwarded-element (`for=…;proto=…;host=…`) as lower-case keys and unquoted values. */
export function parseForwardedElement(element: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  let i = 0;
  while (i < element.length) {
    const eq = element.indexOf("=", i);
    if (eq < 0) break;
    const key = element
      .slice(i, eq)
      .replace(/^[\s;]+/, "")
      .trim()
      .toLowerCase();
    let j = eq + 1;
    let value = "";
    if (element[j] === '"') {
      j++;
      while (j < element.length && element[j] !== '"') {
        if (element[j] === "\\" && j + 1 < element.length) j++;
        value += element[j];
        j++;
      }
      j++; // the closing quote
      const semi = element.indexOf(";", j);
      j = semi < 0 ? element.length : semi + 1;
    } else {
      const semi = element.indexOf(";", j);
      const end = semi < 0 ? element.length : semi;
      value = element.slice(j, end).trim();
      j = end + 1;
    }
    if (key && !(key in pairs)) pairs[key] = value;
    i = j;
  }
  return pairs;
}

/** One hop of a forwarded chain: the address that hop saw, and what it says the client asked for. */
interface Hop {
  address: string;
  proto?: string;
  host?: string;
}

function hopsFromForwarded(value: string): Hop[] {
  return splitList(value).map((element) => {
    const pairs = parseForwardedElement(element);
    return { address: stripPort(pairs.for ?? "unknown"), proto: pairs.proto, host: pairs.host };
  });
}

function hopsFromXForwardedFor(value: string): Hop[] {
  return splitList(value).map((address) => ({ address: stripPort(address) }));
}

/** The last (rightmost) entry of a list header: the one the nearest proxy wrote. */
function last(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const items = splitList(value);
  return items[items.length - 1];
}

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The request's origin as the client saw it. From a trusted peer, X-Forwarded-For (with X-Forwarded-Proto and
 * X-Forwarded-Host) is read when present, else RFC 7239 Forwarded: one header family only, so a client cannot slip a
 * Forwarded header past a proxy that writes X-Forwarded-*. Unusable values (a host with a path, an unknown
 * scheme) are ignored rather than believed.
 */
export function resolveOrigin(direct: Direct, header: HeaderGet, trusted: TrustedProxies): RequestOrigin {
  const plain: RequestOrigin = {
    clientAddress: direct.peer ?? "",
    scheme: direct.scheme,
    host: direct.host,
    forwarded: false,
  };
  const peer = direct.peer === undefined ? undefined : stripPort(direct.peer);
  if (!trusted.any || peer === undefined || !trusted.has(peer)) return plain;

  const xff = header("x-forwarded-for");
  const forwarded = xff ? undefined : header("forwarded");
  const hops = xff ? hopsFromXForwardedFor(xff) : forwarded ? hopsFromForwarded(forwarded) : [];
  // Walk from the right while the address that wrote the next entry is trusted.
  let client = peer;
  let stop: Hop | undefined;
  for (let i = hops.length - 1; i >= 0; i--) {
    stop = hops[i]!;
    client = stop.address;
    if (!trusted.has(client)) break;
  }
  let proto: string | undefined;
  let host: string | undefined;
  if (xff || !forwarded) {
    proto = last(header("x-forwarded-proto"));
    host = last(header("x-forwarded-host"));
  } else {
    proto = stop?.proto;
    host = stop?.host;
  }
  proto = proto?.trim().toLowerCase();
  host = host?.trim();
  return {
    clientAddress: client,
    scheme: proto === "http" || proto === "https" ? proto : direct.scheme,
    host: host && HOST.test(host) ? host : direct.host,
    forwarded: true,
  };
}
