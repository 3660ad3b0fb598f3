// The outbound target policy (SSRF guard): checks an address, and a URL by name and by every address it resolves to.
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, isIPv4 } from "node:net";
import { blockingRule, embeddedIPv4, isMetadata, PRIVATE_RULES, type Rule } from "./addresses.ts";

export type Verdict = { ok: true } | { ok: false; rule: string; reason: string };

export interface PolicyOptions {
  /** CIDRs opened for targets (SVC_ALLOWED_NETWORKS); they open exactly these networks, metadata included. */
  allowedNetworks: string[];
  /** SVC_ALLOW_PRIVATE_NETWORKS: opens private ranges, never cloud metadata. */
  allowPrivateNetworks: boolean;
  /** Resolver, replaceable in tests. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const METADATA_HOSTS = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
]);

const describe: Record<Rule, string> = {
  "this-network": "a 'this network' address (0.0.0.0/8)",
  private: "a private network address",
  cgnat: "a carrier-grade NAT address (100.64.0.0/10)",
  loopback: "a loopback address",
  "link-local": "a link-local address",
  "special-use": "a special-use address",
  documentation: "a documentation-only address",
  benchmarking: "a benchmarking address (198.18.0.0/15)",
  multicast: "a multicast address",
  reserved: "a reserved address",
  unspecified: "the unspecified address",
  "unique-local": "a unique local IPv6 address (fc00::/7)",
  "site-local": "a site-local IPv6 address",
  "nat64-local": "a local-use NAT64 address (64:ff9b:1::/48)",
  discard: "a discard-only IPv6 address (100::/64)",
  "cloud-metadata": "a cloud metadata address",
};

export function parseCidr(cidr: string): { address: string; prefix: number; type: "ipv4" | "ipv6" } {
  const [address, bits, extra] = cidr.trim().split("/");
  const family = isIP(address ?? "");
  if (!family || extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits))
    throw new Error(`"${cidr}" is not a CIDR (<address>/<prefix length>)`);
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128))
    throw new Error(`"${cidr}" has a prefix length above ${family === 4 ? 32 : 128}`);
  return { address: address!, prefix, type: family === 4 ? "ipv4" : "ipv6" };
}

const stripBrackets = (host: string) => (host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host);

export interface EgressPolicy {
  checkAddress(address: string): Verdict;
  /** Registration and redirect check: scheme, host name, then every resolved address. */
  checkUrl(url: string): Promise<Verdict>;
  /** Resolves a host and checks every address; the connect-time path (throws EgressBlockedError). */
  resolveChecked(hostname: string): Promise<string[]>;
}

export class EgressBlockedError extends Error {
  readonly code = "ERR_SSRF_BLOCKED";
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = "EgressBlockedError";
  }
}

export function createEgressPolicy(options: PolicyOptions): EgressPolicy {
  const allowed = new BlockList();
  for (const cidr of options.allowedNetworks) {
    const c = parseCidr(cidr);
    allowed.addSubnet(c.address, c.prefix, c.type);
  }
  const hasAllowList = options.allowedNetworks.length > 0;
  const resolve =
    options.resolve ??
    (async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address));
  const isAllowed = (address: string) => hasAllowList && allowed.check(address, isIPv4(address) ? "ipv4" : "ipv6");

  const judge = (address: string, via?: string): Verdict => {
    if (isAllowed(address)) return { ok: true };
    if (isMetadata(address))
      return {
        ok: false,
        rule: "cloud-metadata",
        reason: `target is ${describe["cloud-metadata"]}${via ?? ""} (always blocked)`,
      };
    const rule = blockingRule(address);
    if (!rule || (options.allowPrivateNetworks && PRIVATE_RULES.has(rule))) return { ok: true };
    return { ok: false, rule, reason: `target is ${describe[rule]}${via ?? ""} (blocked)` };
  };

  const checkAddress = (raw: string): Verdict => {
    const address = stripBrackets(raw);
    if (!isIP(address)) return { ok: false, rule: "invalid-address", reason: "target is not an IP address" };
    const embedded = isIP(address) === 6 ? embeddedIPv4(address) : undefined;
    if (embedded) {
      // The IPv6 form is allowed only if listed itself or if the IPv4 it carries passes.
      if (isAllowed(address)) return { ok: true };
      return judge(embedded.ipv4, ` inside an ${embedded.form} IPv6 address`);
    }
    return judge(address);
  };

  const resolveChecked = async (hostname: string): Promise<string[]> => {
    const host = stripBrackets(hostname);
    if (isIP(host)) {
      const v = checkAddress(host);
      if (!v.ok) throw new EgressBlockedError(v.rule, v.reason);
      return [host];
    }
    const addresses = await resolve(host);
    if (!addresses.length)
      throw Object.assign(new Error(`${host} did not resolve to any address`), { code: "ENOTFOUND" });
    for (const address of addresses) {
      const v = checkAddress(address);
      if (!v.ok) throw new EgressBlockedError(v.rule, v.reason.replace(/^target is/, "target resolves to"));
    }
    return addresses;
  };

  return {
    checkAddress,
    resolveChecked,
    async checkUrl(url: string): Promise<Verdict> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { ok: false, rule: "invalid-url", reason: "not a valid URL" };
      }
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
        return { ok: false, rule: "scheme", reason: "only http and https targets are allowed" };
      const host = stripBrackets(parsed.hostname).toLowerCase().replace(/\.$/, "");
      if (!isIP(host)) {
        if (host === "localhost" || host.endsWith(".localhost"))
          return { ok: false, rule: "localhost", reason: "localhost names are not allowed as targets" };
        if (METADATA_HOSTS.has(host))
          return { ok: false, rule: "cloud-metadata", reason: "cloud metadata hosts are not allowed as targets" };
        if (!hasAllowList && (host.endsWith(".internal") || host.endsWith(".local"))) {
          return {
            ok: false,
            rule: "internal-name",
            reason: ".internal and .local names are not allowed as targets (unless SVC_ALLOWED_NETWORKS is set)",
          };
        }
      }
      try {
        await resolveChecked(host);
        return { ok: true };
      } catch (err) {
        if (err instanceof EgressBlockedError) return { ok: false, rule: err.rule, reason: err.message };
        return {
          ok: false,
          rule: "dns",
          reason: `the host name could not be resolved (${(err as { code?: string }).code ?? "lookup failed"})`,
        };
      }
    },
  };
}
