import assert from "node:assert/strict";
import { test } from "node:test";
import { createEgressPolicy, embeddedIPv4 } from "../../lib/egress/index.ts";

const strict = createEgressPolicy({ allowedNetworks: [], allowPrivateNetworks: false });
const privateOk = createEgressPolicy({ allowedNetworks: [], allowPrivateNetworks: true });

const v4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const n4 = (ip: string) => ip.split(".").reduce((a, o) => a * 256 + Number(o), 0);

// [first address, prefix length, rule]
const V4_RANGES: [string, number, string][] = [
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
const METADATA = [
  "169.254.169.254",
  "169.254.170.2",
  "169.254.170.23",
  "100.100.100.200",
  "fd00:ec2::254",
  "fd00:ec2::23",
];

test("every blocked IPv4 range is blocked at its first, middle and last address, with the rule named", () => {
  for (const [start, prefix, rule] of V4_RANGES) {
    const first = n4(start);
    const last = first + 2 ** (32 - prefix) - 1;
    for (const ip of [v4(first), v4(first + Math.floor((last - first) / 2)), v4(last)]) {
      if (METADATA.includes(ip)) continue;
      const verdict = strict.checkAddress(ip);
      assert.equal(verdict.ok, false, ip);
      assert.equal((verdict as { rule: string }).rule, rule, ip);
    }
  }
});

test("the first address outside each blocked IPv4 range is allowed unless another range starts there", () => {
  const blocked = (ip: string) => V4_RANGES.some(([s, p]) => n4(ip) >= n4(s) && n4(ip) < n4(s) + 2 ** (32 - p));
  for (const [start, prefix] of V4_RANGES) {
    for (const ip of [v4(n4(start) - 1), v4(n4(start) + 2 ** (32 - prefix))]) {
      if (n4(ip) < 0 || n4(ip) > 0xffffffff || ip.includes("-")) continue;
      assert.equal(strict.checkAddress(ip).ok, !blocked(ip), ip);
    }
  }
});

test("random public IPv4 addresses pass and random addresses inside blocked ranges fail", () => {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2000; i++) {
    const ip = v4(Math.floor(rand() * 2 ** 32));
    const inRange = V4_RANGES.some(([s, p]) => n4(ip) >= n4(s) && n4(ip) < n4(s) + 2 ** (32 - p));
    assert.equal(strict.checkAddress(ip).ok, !inRange, ip);
  }
});

test("IPv6 is allow-by-exception: only global unicast outside the special-purpose ranges passes", () => {
  for (const ip of [
    "::ffff:0:7f00:1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:a00:1",
    "::ffff:0:a9fe:a9fe",
    "5f00::1",
    "8000::1",
    "e000::1",
  ]) {
    assert.equal(strict.checkAddress(ip).ok, false, ip);
  }
  assert.deepEqual(embeddedIPv4("::ffff:0:7f00:1"), { ipv4: "127.0.0.1", form: "ipv4-translated" });
  assert.equal(strict.checkAddress("::ffff:0:5db8:d822").ok, true, "translated form of a public IPv4");
});

test("IPv6: loopback, unspecified, ULA, link-local, site-local, multicast, documentation, special-use, discard and local NAT64 are blocked", () => {
  const cases: [string, string][] = [
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique-local"],
    ["fdff:ffff::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "special-use"],
    ["2001:1ff:ffff::1", "special-use"],
    ["100::1", "discard"],
    ["64:ff9b:1::1", "nat64-local"],
    ["3fff::1", "documentation"],
    ["fbff::1", "reserved"],
    ["4000::1", "reserved"],
    ["::2:3:4:5:6", "reserved"],
    ["1::1", "reserved"],
  ];
  for (const [ip, rule] of cases) {
    const v = strict.checkAddress(ip);
    assert.equal(v.ok, false, ip);
    assert.equal((v as { rule: string }).rule, rule, ip);
  }
  for (const ip of [
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "2001:200::1",
    "3fff:1000::1",
    "2620:4f:8000::1",
  ])
    assert.equal(strict.checkAddress(ip).ok, true, ip);
});

test("IPv4 embedded in mapped, compatible, 6to4 and NAT64 forms is judged by the IPv4 it carries", () => {
  const forms = (ip: string) => {
    const [a, b, c, d] = ip.split(".").map(Number) as [number, number, number, number];
    const hi = ((a << 8) | b).toString(16);
    const lo = ((c << 8) | d).toString(16);
    return [
      `::ffff:${ip}`,
      `::ffff:${hi}:${lo}`,
      `::${ip}`,
      `2002:${hi}:${lo}::1`,
      `64:ff9b::${ip}`,
      `64:ff9b::${hi}:${lo}`,
    ];
  };
  for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.1.1", "169.254.1.1", "100.64.0.1", "0.0.0.1"]) {
    for (const f of forms(ip)) assert.equal(strict.checkAddress(f).ok, false, f);
  }
  for (const f of forms("93.184.216.34")) assert.equal(strict.checkAddress(f).ok, true, f);
  assert.deepEqual(embeddedIPv4("2002:c0a8:101::1"), { ipv4: "192.168.1.1", form: "6to4" });
  assert.deepEqual(embeddedIPv4("64:ff9b::a00:1"), { ipv4: "10.0.0.1", form: "nat64" });
  assert.match((strict.checkAddress("64:ff9b::7f00:1") as { reason: string }).reason, /loopback.*nat64/);
});

test("cloud metadata is always blocked, also in embedded forms and with private networks allowed", () => {
  for (const ip of [
    ...METADATA,
    "::ffff:169.254.169.254",
    "2002:a9fe:a9fe::",
    "64:ff9b::a9fe:a9fe",
    "::ffff:100.100.100.200",
  ]) {
    for (const policy of [strict, privateOk]) {
      const v = policy.checkAddress(ip);
      assert.equal(v.ok, false, ip);
      assert.equal((v as { rule: string }).rule, "cloud-metadata", ip);
    }
  }
});

test("SVC_ALLOW_PRIVATE_NETWORKS opens private ranges but not multicast, reserved or documentation space", () => {
  for (const ip of [
    "10.0.0.1",
    "172.16.5.5",
    "192.168.1.1",
    "127.0.0.1",
    "169.254.10.10",
    "100.64.1.1",
    "::1",
    "fd12::1",
    "fe80::1",
    "::ffff:10.0.0.1",
  ])
    assert.equal(privateOk.checkAddress(ip).ok, true, ip);
  for (const ip of ["224.0.0.1", "240.0.0.1", "255.255.255.255", "192.0.2.1", "ff02::1", "2001:db8::1"])
    assert.equal(privateOk.checkAddress(ip).ok, false, ip);
});

test("SVC_ALLOWED_NETWORKS opens exactly the listed networks, metadata included when listed", () => {
  const listed = createEgressPolicy({
    allowedNetworks: ["10.1.0.0/16", "169.254.169.254/32", "fd00:ec2::/64"],
    allowPrivateNetworks: false,
  });
  assert.equal(listed.checkAddress("10.1.200.3").ok, true);
  assert.equal(listed.checkAddress("10.2.0.1").ok, false);
  assert.equal(listed.checkAddress("169.254.169.254").ok, true);
  assert.equal(listed.checkAddress("169.254.170.2").ok, false);
  assert.equal(listed.checkAddress("fd00:ec2::254").ok, true);
  assert.equal(listed.checkAddress("::ffff:10.1.0.9").ok, true, "mapped form of a listed address");
  assert.equal(listed.checkAddress("127.0.0.1").ok, false);
});

test("URLs: only http and https; localhost, .internal, .local and metadata names are refused by name", async () => {
  for (const url of ["ftp://93.184.216.34/", "file:///etc/passwd", "gopher://93.184.216.34/", "javascript:alert(1)"]) {
    const v = await strict.checkUrl(url);
    assert.equal(v.ok, false, url);
  }
  for (const [url, rule] of [
    ["http://localhost/x", "localhost"],
    ["http://LOCALHOST./x", "localhost"],
    ["http://api.localhost/x", "localhost"],
    ["http://db.internal/", "internal-name"],
    ["http://printer.local/", "internal-name"],
    ["http://metadata.google.internal/computeMetadata/v1/", "cloud-metadata"],
    ["http://metadata/", "cloud-metadata"],
  ] as const) {
    const v = await strict.checkUrl(url);
    assert.deepEqual([v.ok, (v as { rule?: string }).rule], [false, rule], url);
  }
});

test("URLs with decimal, octal, hex and bracketed literal hosts are normalised and blocked", async () => {
  for (const url of [
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://0/",
    "http://[::ffff:a9fe:a9fe]/",
  ]) {
    const v = await strict.checkUrl(url);
    assert.equal(v.ok, false, url);
    const reason = (v as { reason: string }).reason.replace(/\d+\.\d+\.\d+\.\d+\/\d+/g, "<range>");
    assert.doesNotMatch(reason, /\d+\.\d+\.\d+\.\d+|::/, `the reason names the rule, not the address: ${reason}`);
  }
  assert.equal((await strict.checkUrl("http://93.184.216.34:8080/path?q=1")).ok, true);
});

test("every resolved address is checked: one private address among public ones refuses the host", async () => {
  const policy = createEgressPolicy({
    allowedNetworks: [],
    allowPrivateNetworks: false,
    resolve: async (h) => (h === "mixed.example" ? ["93.184.216.34", "10.0.0.8"] : ["93.184.216.34"]),
  });
  const mixed = await policy.checkUrl("https://mixed.example/hook");
  assert.equal(mixed.ok, false);
  assert.match((mixed as { reason: string }).reason, /resolves to a private network address/);
  assert.equal((await policy.checkUrl("https://public.example/hook")).ok, true);
});

test("a name that does not resolve is refused with a reason", async () => {
  const policy = createEgressPolicy({
    allowedNetworks: [],
    allowPrivateNetworks: false,
    resolve: async () => Promise.reject(Object.assign(new Error("nope"), { code: "ENOTFOUND" })),
  });
  const v = await policy.checkUrl("https://nowhere.example/");
  assert.deepEqual([v.ok, (v as { rule: string }).rule], [false, "dns"]);
});

test("with SVC_ALLOWED_NETWORKS set, .internal names are not refused by name but their addresses are checked", async () => {
  const policy = createEgressPolicy({
    allowedNetworks: ["10.9.0.0/16"],
    allowPrivateNetworks: false,
    resolve: async (h) => (h === "svc.internal" ? ["10.9.1.1"] : ["10.8.1.1"]),
  });
  assert.equal((await policy.checkUrl("http://svc.internal/")).ok, true);
  assert.equal((await policy.checkUrl("http://other.internal/")).ok, false);
  assert.equal((await policy.checkUrl("http://localhost/")).ok, false, "localhost stays refused by name");
});

test("an invalid CIDR in the allow-list is refused when the policy is built", () => {
  for (const bad of ["10.0.0.0/33", "nonsense", "10.0.0.0", "::/129"]) {
    assert.throws(
      () => createEgressPolicy({ allowedNetworks: [bad], allowPrivateNetworks: false }),
      new RegExp(bad.replace(/[.*/]/g, "\\$&")),
    );
  }
});
