// The networks whose forwarded headers svc believes (SVC_TRUSTED_PROXIES). Parsed once by the configuration and
// consulted by the HTTP layer (lib/http/forwarded.ts) for every hop of a forwarded request.
import { BlockList, isIP } from "node:net";

export interface TrustedProxies {
  /** True when `address` (IPv4, IPv6 or IPv4-mapped IPv6, without port or brackets) is a trusted proxy. */
  has(address: string): boolean;
  /** False when the list is empty: no forwarded header is believed. */
  readonly any: boolean;
}

/** The trusted networks from CIDR strings (`10.0.0.0/8`, `::1/128`); throws on an invalid entry. */
export function trustedProxies(cidrs: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits, extra] = cidr.trim().split("/");
    const family = isIP(address ?? "");
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits) || Number(bits) > max)
      throw new Error(`"${cidr}" is not a CIDR (<address>/<prefix length up to ${max}>)`);
    list.addSubnet(address!, Number(bits), family === 4 ? "ipv4" : "ipv6");
  }
  return {
    any: cidrs.length > 0,
    has(address: string) {
      const family = isIP(address);
      if (!family) return false;
      // BlockList matches IPv4 rules against IPv4-mapped IPv6 (::ffff:10.0.0.1) only one way round; check both.
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
      if (mapped) return list.check(mapped[1]!, "ipv4") || list.check(address, "ipv6");
      return list.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
