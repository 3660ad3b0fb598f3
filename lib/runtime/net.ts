// What dist/fetch.js has in place of node:net: the address helpers svc uses (isIP, isIPv4, isIPv6 and BlockList's
// addSubnet/addAddress/check), in plain code, so the bundle imports no networking module and judges targets the same
// on every runtime. They behave as Node's do (test/runtimes/net.test.ts compares them on generated input): IPv4 is
// strict dotted decimal, IPv6 may carry a dotted tail and a zone, and an IPv4 address and an IPv4-mapped IPv6
// address (::ffff:a.b.c.d) match each other's rules.

const V4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const ZONE = /^[0-9a-zA-Z.:-]+$/;

function parseV4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => V4_PART.test(p))) return undefined;
  return parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n);
}

/** The 16-bit groups of one side of `::`, a dotted IPv4 tail counting as two; undefined when malformed. */
function groupsOf(side: string, mayEndInV4: boolean): number[] | undefined {
  if (side === "") return [];
  const parts = side.split(":");
  const out: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (mayEndInV4 && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseV4(part);
      if (v4 === undefined) return undefined;
      out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (HEX_GROUP.test(part)) out.push(Number.parseInt(part, 16));
    else return undefined;
  }
  return out;
}

function parseV6(text: string): bigint | undefined {
  let address = text;
  const zone = text.indexOf("%");
  if (zone >= 0) {
    if (!ZONE.test(text.slice(zone + 1))) return undefined;
    address = text.slice(0, zone);
  }
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  let groups: number[];
  if (halves.length === 1) {
    const all = groupsOf(address, true);
    if (all?.length !== 8) return undefined;
    groups = all;
  } else {
    const head = groupsOf(halves[0]!, false);
    const tail = groupsOf(halves[1]!, true);
    // `::` stands for at least one group of zeros.
    if (!head || !tail || head.length + tail.length > 7) return undefined;
    groups = [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  }
  return groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);
}

export function isIPv4(input: string): boolean {
  return parseV4(input) !== undefined;
}

export function isIPv6(input: string): boolean {
  return parseV6(input) !== undefined;
}

export function isIP(input: string): 0 | 4 | 6 {
  return isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0;
}

type Family = "ipv4" | "ipv6";

// Everything is compared in the IPv6 space: an IPv4 address a.b.c.d is ::ffff:a.b.c.d there, and an IPv4 prefix of
// length p covers the same addresses as that mapped prefix of length 96 + p.
const MAPPED = 0xffffn << 32n;

function toV6Space(address: string, family: Family): bigint | undefined {
  if (family === "ipv4") {
    const v4 = parseV4(address);
    return v4 === undefined ? undefined : MAPPED | v4;
  }
  return parseV6(address);
}

const mask = (prefix: number) => ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - prefix)) - 1n);

export class BlockList {
  readonly #rules: { network: bigint; mask: bigint }[] = [];

  addSubnet(network: string, prefix: number, family: Family = "ipv4"): void {
    const value = toV6Space(network, family);
    const max = family === "ipv4" ? 32 : 128;
    if (value === undefined) throw new TypeError(`invalid ${family} address: ${network}`);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new RangeError(`prefix length must be 0-${max}, got ${prefix}`);
    const m = mask(family === "ipv4" ? 96 + prefix : prefix);
    this.#rules.push({ network: value & m, mask: m });
  }

  addAddress(address: string, family: Family = "ipv4"): void {
    this.addSubnet(address, family === "ipv4" ? 32 : 128, family);
  }

  /** Whether a rule covers the address; an address that is not of `family` matches nothing. */
  check(address: string, family: Family = "ipv4"): boolean {
    const value = toV6Space(address, family);
    if (value === undefined) return false;
    return this.#rules.some((r) => (value & r.mask) === r.network);
  }
}
