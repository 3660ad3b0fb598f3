// The forwarded-header walk: who the client is, which scheme and host it used, and what a client cannot forge.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseForwardedElement, resolveOrigin, stripPort } from "../../lib/http/forwarded.ts";
import { trustedProxies } from "../../lib/trusted-proxies.ts";

const trusted = trustedProxies(["10.0.0.0/8", "fd00::/8", "127.0.0.1/32"]);
const direct = (peer: string | undefined) => ({ peer, scheme: "http" as const, host: "127.0.0.1:8080" });
const headers = (h: Record<string, string>) => (name: string) => h[name];

test("with no trusted proxies no forwarded header is believed", () => {
  const none = trustedProxies([]);
  const o = resolveOrigin(
    direct("10.1.1.1"),
    headers({ "x-forwarded-for": "1.2.3.4", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }),
    none,
  );
  assert.deepEqual(o, { clientAddress: "10.1.1.1", scheme: "http", host: "127.0.0.1:8080", forwarded: false });
});

test("an untrusted peer's forwarded headers are ignored, whatever they say", () => {
  const forged = headers({
    "x-forwarded-for": "10.0.0.1",
    "x-forwarded-host": "svc.example.com",
    "x-forwarded-proto": "https",
    forwarded: "for=10.0.0.2;host=other.example;proto=https",
  });
  const o = resolveOrigin(direct("203.0.113.9"), forged, trusted);
  assert.deepEqual(o, { clientAddress: "203.0.113.9", scheme: "http", host: "127.0.0.1:8080", forwarded: false });
});

test("X-Forwarded-For is walked from the right: a spoofed leftmost entry is not the client", () => {
  // The client sent "X-Forwarded-For: 6.6.6.6"; the edge proxy appended the address it saw, an inner one its own.
  const o = resolveOrigin(
    direct("10.0.0.5"),
    headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9" }),
    trusted,
  );
  assert.equal(o.clientAddress, "198.51.100.7");
  assert.equal(o.forwarded, true);
});

test("a trusted address the client put in front does not move the walk past the real client", () => {
  const o = resolveOrigin(direct("10.0.0.5"), headers({ "x-forwarded-for": "10.9.9.9, 198.51.100.7" }), trusted);
  assert.equal(o.clientAddress, "198.51.100.7");
});

test("when every hop is trusted the leftmost address is the client", () => {
  const o = resolveOrigin(direct("127.0.0.1"), headers({ "x-forwarded-for": "10.0.0.3, 10.0.0.4" }), trusted);
  assert.equal(o.clientAddress, "10.0.0.3");
});

test("a trusted peer without forwarded headers is itself the client", () => {
  const o = resolveOrigin(direct("127.0.0.1"), headers({}), trusted);
  assert.deepEqual(o, { clientAddress: "127.0.0.1", scheme: "http", host: "127.0.0.1:8080", forwarded: true });
});

test("X-Forwarded-For entries with ports and IPv6 forms are read as addresses", () => {
  assert.equal(stripPort("198.51.100.7:4711"), "198.51.100.7");
  assert.equal(stripPort("[2001:db8::1]:4711"), "2001:db8::1");
  assert.equal(stripPort("[2001:db8::1]"), "2001:db8::1");
  assert.equal(stripPort("2001:db8::1"), "2001:db8::1");
  const o = resolveOrigin(
    direct("fd00::1"),
    headers({ "x-forwarded-for": "2001:db8::1, [fd00::2]:8443, 10.0.0.1:1234" }),
    trusted,
  );
  assert.equal(o.clientAddress, "2001:db8::1");
});

test("an IPv4-mapped IPv6 peer (a dual-stack socket) matches IPv4 trusted networks", () => {
  const o = resolveOrigin(direct("::ffff:127.0.0.1"), headers({ "x-forwarded-for": "198.51.100.7" }), trusted);
  assert.equal(o.clientAddress, "198.51.100.7");
  assert.equal(
    resolveOrigin(direct("::ffff:8.8.8.8"), headers({ "x-forwarded-for": "1.1.1.1" }), trusted).forwarded,
    false,
  );
});

test("X-Forwarded-Proto and X-Forwarded-Host from a trusted peer give the scheme and host; the nearest hop's wins", () => {
  const o = resolveOrigin(
    direct("127.0.0.1"),
    headers({
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-proto": "http, HTTPS",
      "x-forwarded-host": "evil.example, svc.example.com:8443",
    }),
    trusted,
  );
  assert.deepEqual(o, {
    clientAddress: "198.51.100.7",
    scheme: "https",
    host: "svc.example.com:8443",
    forwarded: true,
  });
});

test("unusable scheme and host values are ignored, not believed", () => {
  const o = resolveOrigin(
    direct("127.0.0.1"),
    headers({ "x-forwarded-proto": "javascript", "x-forwarded-host": "svc.example.com/path" }),
    trusted,
  );
  assert.equal(o.scheme, "http");
  assert.equal(o.host, "127.0.0.1:8080");
});

test("RFC 7239 Forwarded: quoted IPv6 with a port, proto and host from the hop the walk stops at", () => {
  const o = resolveOrigin(
    direct("10.0.0.5"),
    headers({
      forwarded:
        'for=1.2.3.4;host=evil.example;proto=http, for="[2001:db8:cafe::17]:4711";proto=https;host="svc.example.com", for=10.0.0.9',
    }),
    trusted,
  );
  assert.deepEqual(o, {
    clientAddress: "2001:db8:cafe::17",
    scheme: "https",
    host: "svc.example.com",
    forwarded: true,
  });
});

test("Forwarded: parameter names are case-insensitive, quoted values may hold ; , and escaped quotes", () => {
  assert.deepEqual(parseForwardedElement('For="_gazonk";Proto=HTTPS;By=203.0.113.43'), {
    for: "_gazonk",
    proto: "HTTPS",
    by: "203.0.113.43",
  });
  assert.deepEqual(parseForwardedElement('for="a;b,\\"c";host=x'), { for: 'a;b,"c', host: "x" });
  const o = resolveOrigin(
    direct("10.0.0.5"),
    headers({ forwarded: 'for="x,y";proto=https, for=198.51.100.7' }),
    trusted,
  );
  assert.equal(o.clientAddress, "198.51.100.7");
});

test("Forwarded: an obfuscated or unknown node ends the walk and is reported as it was written", () => {
  const hidden = resolveOrigin(direct("10.0.0.5"), headers({ forwarded: "for=198.51.100.7, for=_hidden" }), trusted);
  assert.equal(hidden.clientAddress, "_hidden");
  const unknown = resolveOrigin(direct("10.0.0.5"), headers({ forwarded: "for=unknown;proto=https" }), trusted);
  assert.equal(unknown.clientAddress, "unknown");
  assert.equal(unknown.scheme, "https");
});

test("X-Forwarded-For wins over Forwarded: a client cannot slip Forwarded past a proxy that writes X-Forwarded-*", () => {
  const o = resolveOrigin(
    direct("127.0.0.1"),
    headers({
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-host": "svc.example.com",
      forwarded: "for=10.0.0.1;host=evil.example;proto=https",
    }),
    trusted,
  );
  assert.deepEqual(o, { clientAddress: "198.51.100.7", scheme: "http", host: "svc.example.com", forwarded: true });
});

test("an invalid trusted-proxy entry is refused", () => {
  for (const bad of ["10.0.0.0", "10.0.0.0/33", "fd00::/129", "example.com/8", "10.0.0.0/8/1", "10.0.0.0/x"])
    assert.throws(() => trustedProxies([bad]), /not a CIDR/, bad);
});
