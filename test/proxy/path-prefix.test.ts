// The path prefix: request targets with and without it reach the same routes; pages name assets under it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prefixLinks, withoutPrefix } from "../../lib/http/path-prefix.ts";

test("a target under the prefix loses it; the prefix alone is the root; other targets are unchanged", () => {
  assert.equal(withoutPrefix("/svc/v1/whoami?x=1", "/svc"), "/v1/whoami?x=1");
  assert.equal(withoutPrefix("/svc", "/svc"), "/");
  assert.equal(withoutPrefix("/svc?x", "/svc"), "/?x");
  assert.equal(withoutPrefix("/svc/", "/svc"), "/");
  assert.equal(withoutPrefix("/v1/whoami", "/svc"), "/v1/whoami");
  assert.equal(withoutPrefix("/svcx/v1", "/svc"), "/svcx/v1");
  assert.equal(withoutPrefix("/svc/v1", ""), "/svc/v1");
});

test("root-relative links of a page move under the prefix; without one the page is unchanged", () => {
  const html = '<link href="/_app/a.css"><script src="/_app/b.js"></script><a href="/elsewhere">';
  assert.equal(prefixLinks(html, "", ["/_app/"]), html);
  assert.equal(
    prefixLinks(html, "/svc", ["/_app/"]),
    '<link href="/svc/_app/a.css"><script src="/svc/_app/b.js"></script><a href="/elsewhere">',
  );
});
