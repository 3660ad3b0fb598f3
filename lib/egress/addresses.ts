// IP address rules for outbound targets: which ranges are blocked and why, including IPv4 addresses embedded in
// IPv6 forms (IPv4-mapped, IPv4-translated, IPv4-compatible, 6to4, NAT64) which are judged by the IPv4 they carry.
// IPv6 is allow-by-exception: only global unicast (2000::/3) outside the IANA special-purpose ranges passes.
import { BlockList, isIPv4, isIPv6 } from "node:net";

export type Rule =
  | "this-network"
  | "private"
  | "cgnat"
  | "loopback"
  | "link-local"
  | "special-use"
  | "documentation"
  | "benchmarking"
  | "multicast"
  | "reserved"
  | "unspecified"
  | "unique-local"
  | "site-local"
  | "nat64-local"
  | "discard"
  | "cloud-metadata";

/** Rules that SVC_ALLOW_PRIVATE_NETWORKS opens (never metadata; never unroutable multicast or reserved space). */
export const PRIVATE_RULES = new Set<Rule>([
  "private",
  "cgnat",
  "loopback",
  "link-local",
  "unique-local",
  "site-local",
  "this-network",
  "unspecified",
]);

const V4: [string, number, Rule][] = [
  ["0.0.0.0", 8, "this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "special-use"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const V6: [string, number, Rule][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b:1::", 48, "nat64-local"],
  ["100::", 64, "discard"],
  ["2001::", 23, "special-use"],
  ["2001:db8::", 32, "documentation"],
  ["3fff::", 20, "documentation"],
  ["fc00::", 7, "unique-local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

export const METADATA_ADDRESSES = [
  "169.254.169.254",
  "169.254.170.2",
  "169.254.170.23",
  "100.100.100.200",
  "fd00:ec2::254",
  "fd00:ec2::23",
];

// One BlockList per rule: net.BlockList matches in native code, without parsing per range.
function listsOf(ranges: [string, number, Rule][], type: "ipv4" | "ipv6") {
  const byRule = new Map<Rule, BlockList>();
  for (const [net, prefix, rule] of ranges) {
    let list = byRule.get(rule);
    if (!list) byRule.set(rule, (list = new BlockList()));
    list.addSubnet(net, prefix, type);
  }
  return [...byRule];
}
const v4Lists = listsOf(V4, "ipv4");
const v6Lists = listsOf(V6, "ipv6");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const metadata = new BlockList();
for (const a of METADATA_ADDRESSES) metadata.addAddress(a, isIPv4(a) ? "ipv4" : "ipv6");

/** The 8 groups of an IPv6 address as numbers (handles "::" and a dotted IPv4 tail). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const o = tail[1]!.split(".").map(Number);
    text =
      text.slice(0, -tail[1]!.length) + `${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const a = head ? head.split(":") : [];
  const b = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const fill = rest !== undefined ? 8 - a.length - b.length : 0;
  return [...a, ...Array(fill).fill("0"), ...b].map((g) => parseInt(g, 16));
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address carries, and the form it is carried in. */
export function embeddedIPv4(
  address: string,
): { ipv4: string; form: "ipv4-mapped" | "ipv4-translated" | "ipv4-compatible" | "nat64" | "6to4" } | undefined {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return { ipv4: v4FromGroups(g[6]!, g[7]!), form: "ipv4-mapped" };
  // ::ffff:0:a.b.c.d (RFC 2765 IPv4-translated, ::ffff:0:0/96).
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0)
    return { ipv4: v4FromGroups(g[6]!, g[7]!), form: "ipv4-translated" };
  // ::a.b.c.d (deprecated IPv4-compatible); :: and ::1 are themselves, not IPv4.
  if (zeros(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return { ipv4: v4FromGroups(g[6]!, g[7]!), form: "ipv4-compatible" };
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return { ipv4: v4FromGroups(g[6]!, g[7]!), form: "nat64" };
  if (g[0] === 0x2002) return { ipv4: v4FromGroups(g[1]!, g[2]!), form: "6to4" };
  return undefined;
}

export function isMetadata(address: string): boolean {
  return metadata.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

/** The rule that blocks an address by default, or undefined for an ordinary public address. */
export function blockingRule(address: string): Rule | undefined {
  if (isIPv4(address)) {
    for (const [rule, list] of v4Lists) if (list.check(address, "ipv4")) return rule;
    return undefined;
  }
  if (!isIPv6(address)) return "reserved";
  for (const [rule, list] of v6Lists) if (list.check(address, "ipv6")) return rule;
  // Anything outside global unicast is unassigned, reserved or special by definition.
  return globalUnicast.check(address, "ipv6") ? undefined : "reserved";
}
