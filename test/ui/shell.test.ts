// Serving the UI: the dashboard shell (SVC_SERVE_UI) and the portal shell (always), their assets and headers,
// loaded in a real Chromium.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { assertAccessible, launchBrowser, openPage, PHONE, screenshot } from "../helpers/browser.ts";
import { startTestService } from "../helpers/service.ts";

const fetchRaw = (url: string) => fetch(url, { redirect: "manual" });

test("with SVC_SERVE_UI the dashboard shell answers every UI path with no-cache and the dashboard CSP", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  for (const path of [
    "/",
    "/consumers/default/webhooks/wh_1",
    "/event-types/order.created",
    "/health-summary",
    "/access",
  ]) {
    const res = await fetchRaw(svc.url + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type")!, /^text\/html/);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
    assert.equal(res.headers.get("permissions-policy"), "interest-cohort=()");
    const csp = res.headers.get("content-security-policy")!;
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /https?:/, "no other host in the CSP");
    const html = await res.text();
    assert.match(html, /<script type="module" src="\/_app\/admin-[\w-]+\.js">/);
    assert.doesNotMatch(html, /test-master-key/, "no key in served HTML");
  }
  // The API, system and docs paths keep their owners.
  const api = await fetchRaw(`${svc.url}/v1/nowhere`);
  assert.equal(api.status, 404);
  assert.match(api.headers.get("content-type")!, /problem\+json/);
  assert.equal((await fetchRaw(`${svc.url}/health`)).headers.get("content-type"), "application/json");
  assert.equal((await fetchRaw(`${svc.url}/invite/redeem`)).status, 405);
  assert.match((await fetchRaw(`${svc.url}/portal/api/webhooks`)).headers.get("content-type")!, /json/);
  assert.equal((await fetchRaw(`${svc.url}/webhook.EventService/Nothing`)).status, 404);
});

test("assets are hashed and immutable, the favicon is a PNG, unknown assets are 404", async (t) => {
  const svc = await startTestService(t);
  const html = await (await fetchRaw(`${svc.url}/portal`)).text();
  const script = /src="(\/_app\/portal-[\w-]+\.js)"/.exec(html)![1]!;
  const style = /href="(\/_app\/[\w-]+\.css)"/.exec(html)![1]!;
  for (const [path, type] of [
    [script, /javascript/],
    [style, /text\/css/],
  ] as const) {
    const res = await fetchRaw(svc.url + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type")!, type);
    assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
  }
  const icon = await fetchRaw(`${svc.url}/favicon.png`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get("content-type"), "image/png");
  assert.deepEqual([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.equal((await fetchRaw(`${svc.url}/_app/nothing-here.js`)).status, 404);
  assert.equal((await fetchRaw(`${svc.url}/_app/..%2Fadmin.html`)).status, 404);
});

test("without SVC_SERVE_UI the dashboard is off but the portal shell, its assets and its CSP are served", async (t) => {
  const svc = await startTestService(t, { env: { SVC_PORTAL_FRAME_ANCESTORS: "'self' https://app.example.com" } });
  const root = await fetchRaw(`${svc.url}/`);
  assert.equal(root.status, 404);
  assert.match(root.headers.get("content-type")!, /problem\+json/);
  for (const path of ["/portal", "/portal/webhooks", "/portal/deliveries/dl_1"]) {
    const res = await fetchRaw(svc.url + path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    assert.equal(res.headers.get("x-frame-options"), null, "the portal may be framed");
    const csp = res.headers.get("content-security-policy")!;
    assert.match(csp, /frame-ancestors 'self' https:\/\/app\.example\.com$/);
    assert.match(csp, /connect-src 'self'/);
  }
  // JSON answers keep the old rule: no CSP while the UI is off.
  assert.equal((await fetchRaw(`${svc.url}/health`)).headers.get("content-security-policy"), null);
});

test("Chromium loads the dashboard shell (sign-in) and the portal shell; both are accessible", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const browser = await launchBrowser(t);
  for (const viewport of [undefined, PHONE]) {
    const suffix = viewport ? "phone" : "desktop";
    const { page, errors, requests } = await openPage(browser, { viewport });
    await page.goto(`${svc.url}/`);
    await page.getByRole("heading", { level: 1, name: "Sign in to svc", exact: true }).waitFor();
    assert.ok(await page.getByLabel("API key").isVisible());
    assert.ok(await page.getByRole("button", { name: "Sign in" }).isVisible());
    await assertAccessible(page, `sign-in (${suffix})`);
    await screenshot(page, `shell-sign-in-${suffix}`);

    // Without a link's token the portal says where to get one (its pages are tested in portal.test.ts).
    await page.goto(`${svc.url}/portal`);
    await page.getByRole("heading", { level: 1, name: "Open this page from your link" }).waitFor();
    await assertAccessible(page, `portal shell (${suffix})`);
    await screenshot(page, `shell-portal-${suffix}`);
    const origin = new URL(svc.url).origin;
    assert.deepEqual(
      requests.filter((u) => !u.startsWith(origin)),
      [],
      "no request to another host",
    );
    assert.deepEqual(
      errors.filter((e) => !/401/.test(e)),
      [],
      "no script errors",
    );
  }
  // The fonts come from the bundle.
  const css = await readFile(new URL("../../dist/ui/portal.html", import.meta.url), "utf8");
  assert.doesNotMatch(css, /fonts\.googleapis|gstatic/);
});
