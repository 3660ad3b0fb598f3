// dist/fetch.js judges addresses with lib/runtime/net.ts instead of node:net: both must agree on every input.
import assert from "node:assert/strict";
import * as node from "node:net";
import { test } from "node:test";
import fc from "fast-check";
import * as portable from "../../lib/runtime/net.ts";

const validV4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join("."));
const hex = (n: number, upper: boolean, pad: boolean) => {
  const text = n.toString(16).padStart(pad ? 4 : 1, "0");
  return upper ? text.toUpperCase() : text;
};
const validV6 = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.boolean(), fc.boolean()), { minLength: 8, maxLength: 8 }),
    fc.option(fc.tuple(fc.nat(7), fc.integer({ min: 1, max: 8 }))),
    fc.option(validV4),
    fc.option(fc.constantFrom("eth0", "1", "a.b:c-d", "25eth0")),
  )
  .map(([groups, gap, tail, zone]) => {
    let parts = groups.map(([n, upper, pad]) => hex(n, upper, pad));
    if (tail !== null) parts = [...parts.slice(0, 6), tail];
    let text = parts.join(":");
    if (gap !== null) {
      // Replace a run of groups by `::` (the run may cover the dotted tail's two groups only whole).
      const [at, length] = gap;
      const end = Math.min(parts.length, at + length);
      if (at < parts.length) text = `${parts.slice(0, at).join(":")}::${parts.slice(end).join(":")}`;
    }
    return zone === null ? text : `${text}%${zone}`;
  });
/** A valid address, or one a single edit away from valid. */
const mutated = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(
      valid,
      fc.nat(40),
      fc.constantFrom("delete", "insert", "replace", "none", "none"),
      fc.constantFrom(":", ".", "0", "f", "g", "1", "%", " ", "::", "00"),
    )
    .map(([text, at, edit, char]) => {
      const i = at % (text.length + 1);
      if (edit === "delete") return text.slice(0, i) + text.slice(i + 1);
      if (edit === "insert") return text.slice(0, i) + char + text.slice(i);
      if (edit === "replace") return text.slice(0, i) + char + text.slice(i + 1);
      return text;
    });
const address = fc.oneof(mutated(validV4), mutated(validV6), fc.string({ maxLength: 12 }));

test("isIP, isIPv4 and isIPv6 agree with node:net on generated addresses", () => {
  fc.assert(
    fc.property(address, (text) => {
      assert.equal(portable.isIP(text), node.isIP(text), text);
      assert.equal(portable.isIPv4(text), node.isIPv4(text), text);
      assert.equal(portable.isIPv6(text), node.isIPv6(text), text);
    }),
    { numRuns: 20_000 },
  );
});

test("the generated addresses are mostly valid, so the comparison covers both answers", () => {
  const sample = fc.sample(address, 5_000);
  const valid = sample.filter((a) => node.isIP(a) !== 0).length;
  assert.ok(valid > 1_000 && valid < 4_000, `${valid} of 5000 valid`);
});

const ruleV6 = fc.oneof(
  validV6.filter((a) => !a.includes("%")),
  validV4.map((v4) => `::ffff:${v4}`),
  fc.constantFrom("::", "::1", "64:ff9b::7f00:1", "2002:7f00:1::", "fd00:ec2::254", "::ffff:0:7f00:1"),
);
const rule = fc.oneof(
  fc.tuple(validV4, fc.nat(32), fc.constant("ipv4" as const)),
  fc.tuple(ruleV6, fc.nat(128), fc.constant("ipv6" as const)),
  // Rules and addresses that share bits, so that matches happen.
  fc.tuple(fc.constantFrom("127.0.0.0", "10.0.0.0", "0.0.0.0"), fc.nat(32), fc.constant("ipv4" as const)),
  fc.tuple(
    fc.constantFrom("::ffff:127.0.0.0", "::", "::ffff:0:0"),
    fc.integer({ min: 80, max: 128 }),
    fc.constant("ipv6" as const),
  ),
);
const probe = fc.oneof(
  validV4.map((a) => [a, "ipv4"] as const),
  // Node (libuv) cuts the part before a zone to 39 characters before it parses it; svc never sees zones (URLs cannot
  // carry them, resolvers do not return them), so that quirk is left out.
  fc
    .oneof(validV6, ruleV6)
    .filter((a) => !a.includes("%") || a.indexOf("%") < 40)
    .map((a) => [a, "ipv6"] as const),
  fc.constantFrom(
    ["127.0.0.1", "ipv4"],
    ["::ffff:127.0.0.1", "ipv6"],
    ["10.1.2.3", "ipv4"],
    ["127.0.0.1", "ipv6"],
    ["::1", "ipv4"],
    ["x", "ipv4"],
  ) as fc.Arbitrary<readonly [string, "ipv4" | "ipv6"]>,
);

test("BlockList.check agrees with node:net's on generated rules and addresses", () => {
  let matched = 0;
  fc.assert(
    fc.property(
      fc.array(rule, { minLength: 1, maxLength: 4 }),
      fc.array(probe, { minLength: 1, maxLength: 8 }),
      (rules, probes) => {
        const a = new node.BlockList();
        const b = new portable.BlockList();
        for (const [net, prefix, family] of rules) {
          a.addSubnet(net, prefix, family);
          b.addSubnet(net, prefix, family);
        }
        for (const [addr, family] of probes) {
          const expected = a.check(addr, family);
          if (expected) matched++;
          assert.equal(b.check(addr, family), expected, `${addr} (${family}) against ${JSON.stringify(rules)}`);
        }
      },
    ),
    { numRuns: 5_000 },
  );
  assert.ok(matched > 1_000, `only ${matched} probes matched a rule`);
});

test("BlockList refuses a rule that is not an address of its family, as node:net does", () => {
  for (const [net, family] of [
    ["::1", "ipv4"],
    ["1.2.3.4", "ipv6"],
    ["nope", "ipv4"],
  ] as const) {
    assert.throws(() => new node.BlockList().addSubnet(net, 8, family));
    assert.throws(() => new portable.BlockList().addSubnet(net, 8, family));
  }
});
