// The consumer portal in headless Chromium, embedded in an iframe of a page from another origin, against a real
// server with workers and a real receiver: scoping, credentials, endpoints, deliveries and retry, the verifier,
// the expiry message and the resize message (every page's layout and accessibility: portal-pages-*.test.ts).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import type { Browser, Frame, Page } from "playwright-core";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { assertAccessible, launchBrowser, openPage, PHONE, screenshot } from "../helpers/browser.ts";
import { ORDER_SCHEMA } from "../helpers/portal-pages.ts";
import { startReceiver, type Receiver } from "../helpers/receiver.ts";
import { startTestService, TEST_API_KEY, type TestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";

let service: TestService | undefined;
const svc = () => service!;
let browser: Browser;
let receiver: Receiver;
let embedder: { url: string; close(): Promise<void> };
const embedded = new Map<string, string>();
/** The embedding page's address for a portal URL (with its #token= fragment). */
function embedding(src: string): string {
  const path = `/settings/${embedded.size + 1}`;
  embedded.set(path, src);
  return embedder.url + path;
}
const cleanups: (() => unknown)[] = [];

const A = "shop-a";
const B = "shop-b";
/** What the portal may request: its shell, its API, its assets and its icon. */
const PORTAL_PATH = /^\/(portal(\/.*)?|_app\/[\w.-]+|favicon\.png)$/;

async function rest(method: string, path: string, body?: unknown) {
  const res = await svc().rest(method, path, body);
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const mint = async (consumer: string | undefined, name = `portal ${consumer ?? "tenant"}`) =>
  (await rest("POST", "/v1/tokens", { name, ...(consumer ? { consumer, ttl_seconds: 3600 } : {}) })) as {
    id: string;
    secret: string;
    portal_path?: string;
  };

const push = (consumer: string, payload: object) =>
  rest("POST", `/v1/consumers/${consumer}/events?event=order.created`, { payload });

/** The operator's product: a page on another origin that embeds the portal and sizes the iframe from svc:resize. */
async function startEmbedder(): Promise<typeof embedder> {
  const server = createServer((req, res) => {
    // The test sets the iframe's address on the server, so no URL the browser requests carries the token.
    const src = embedded.get(req.url ?? "") ?? "";
    const origin = new URL(svc().url).origin;
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme settings</title></head><body>
<h1>Acme — webhooks</h1>
<iframe id="svc-portal" title="Webhooks" src="${src.replace(/"/g, "&quot;")}" style="width:100%;border:0" height="300"></iframe>
<script>
  window.resizes = [];
  window.addEventListener("message", (event) => {
    if (event.origin !== ${JSON.stringify(origin)} || event.data?.type !== "svc:resize") return;
    window.resizes.push(event.data);
    document.getElementById("svc-portal").style.height = event.data.height + "px";
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The portal's frame inside the embedding page, once it has loaded. */
async function portalFrame(page: Page): Promise<Frame> {
  const origin = new URL(svc().url).origin;
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(origin));
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error("the portal frame did not load");
}

// Shared fixtures: A's and B's endpoints and deliveries, made through the admin API like an operator's backend.
let hookB: { webhook_id: string; url: string };
let deliveryB: string;
let hookA: { webhook_id: string; url: string };
let endpointA: ReturnType<Receiver["path"]>;

before(async () => {
  const cleanup = { after: (fn: () => unknown) => void cleanups.push(fn) };
  service = await startTestService(cleanup, { workers: true });
  browser = await launchBrowser(cleanup);
  receiver = await startReceiver();
  embedder = await startEmbedder();
  await rest("POST", "/v1/event-types", {
    name: "order.created",
    description: "An order was placed",
    schema: ORDER_SCHEMA,
  });
  await rest("POST", "/v1/event-types", { name: "order.shipped", description: "An order left the warehouse" });
  endpointA = receiver.path("/a-existing");
  hookA = await rest("POST", `/v1/consumers/${A}/webhooks`, {
    url: endpointA.url,
    events: ["order.created"],
    description: "Existing endpoint of A",
  });
  hookB = await rest("POST", `/v1/consumers/${B}/webhooks`, {
    url: receiver.path("/b-secret-endpoint").url,
    events: ["order.created"],
  });
  await push(B, { id: "ord_0001", total: 5 });
  await receiver
    .path("/b-secret-endpoint")
    .waitForRequests(1)
    .catch(() => undefined);
  const list = await rest("GET", `/v1/consumers/${B}/deliveries`);
  deliveryB = list.deliveries[0].delivery_id;
});

after(async () => {
  for (const fn of cleanups.reverse()) await fn();
  await embedder?.close();
  await receiver?.close();
});

test(
  "embedded on another origin, the portal shows only its consumer's endpoints, " +
    "drops the token from the address bar, sizes its iframe and requests only portal paths",
  async () => {
    const token = await mint(A);
    assert.equal(token.portal_path, `/portal#token=${token.secret}`);
    const { page, errors, requests } = await openPage(browser);
    const src = `${svc().url}${token.portal_path}`;
    assert.notEqual(new URL(embedder.url).origin, new URL(svc().url).origin);
    await page.goto(embedding(src));
    const frame = await portalFrame(page);
    await frame.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
    await frame.getByRole("link", { name: hookA.url }).waitFor();
    assert.equal(await frame.getByText("b-secret-endpoint").count(), 0, "another consumer's endpoint never shows");
    for (const name of ["Endpoints", "Deliveries", "Event types", "Verify a signature"])
      assert.ok(await frame.getByRole("navigation", { name: "Portal" }).getByRole("link", { name }).isVisible(), name);

    const location = await frame.evaluate(() => window.location.href);
    assert.doesNotMatch(location, /svc_tk_|token=/, "the token is gone from the location");
    assert.equal(
      await frame.evaluate(() => sessionStorage.getItem("svc.portal-token")),
      token.secret,
      "kept in sessionStorage",
    );
    assert.equal(await frame.evaluate(() => localStorage.length), 0, "nothing in localStorage");

    // The parent received the content height and sized the iframe with it.
    await page.waitForFunction(() => (window as unknown as { resizes: unknown[] }).resizes.length > 0);
    const resizes = await page.evaluate(
      () => (window as unknown as { resizes: { type: string; height: number }[] }).resizes,
    );
    const last = resizes.at(-1)!;
    assert.equal(last.type, "svc:resize");
    assert.ok(last.height > 100, `height ${last.height}`);
    const frameHeight = await page.evaluate(
      () => document.getElementById("svc-portal")!.getBoundingClientRect().height,
    );
    assert.ok(Math.abs(frameHeight - resizes.at(-1)!.height) <= 1, `iframe ${frameHeight}px, message ${last.height}px`);

    // Another consumer's ids in portal URLs show nothing of theirs.
    await frame.goto(`${svc().url}/portal/webhooks/${hookB.webhook_id}`);
    await frame.getByRole("alert").filter({ hasText: "Could not load this." }).waitFor();
    assert.equal(await frame.getByText("b-secret-endpoint").count(), 0);
    await frame.goto(`${svc().url}/portal/deliveries/${deliveryB}`);
    await frame.getByRole("alert").filter({ hasText: "Could not load this." }).waitFor();
    assert.equal(await frame.getByText(hookB.webhook_id).count(), 0);
    const subB = (await rest("GET", `/v1/consumers/${B}/subscriptions?webhook_id=${hookB.webhook_id}`)).subscriptions[0]
      .subscription_id;
    await frame.goto(`${svc().url}/portal/subscriptions/${subB}`);
    await frame.getByRole("alert").filter({ hasText: "Could not load this." }).waitFor();
    await frame.goto(`${svc().url}/portal/webhooks/${hookB.webhook_id}/edit`);
    await frame.getByRole("alert").filter({ hasText: "Could not load this." }).waitFor();
    assert.equal(await frame.getByText("b-secret-endpoint").count(), 0);
    await frame.goto(`${svc().url}/portal/deliveries?webhook_id=${hookB.webhook_id}`);
    await frame.getByRole("heading", { name: /No deliveries match these filters/ }).waitFor();

    const svcOrigin = new URL(svc().url).origin;
    const foreign = requests.filter((u) => !u.startsWith(svcOrigin) && !u.startsWith(embedder.url));
    assert.deepEqual(foreign, [], "no request to any other host");
    const portalRequests = requests.filter((u) => u.startsWith(svcOrigin)).map((u) => new URL(u).pathname);
    assert.ok(
      portalRequests.some((p) => p.startsWith("/portal/api/")),
      "the portal called its API",
    );
    assert.deepEqual(
      portalRequests.filter((p) => !PORTAL_PATH.test(p)),
      [],
      "only /portal, /portal/api/*, /_app/* and /favicon.png",
    );
    assert.ok(
      requests.every((u) => !u.includes("svc_tk_")),
      "the token is never in a URL",
    );
    assert.deepEqual(
      errors.filter((e) => !/the server responded with a status of 404/.test(e)),
      [],
    );
  },
);

test(
  "a customer creates an endpoint (secret shown once), pauses and resumes it, receives a real delivery, retries it, " +
    "verifies it in the browser (a tampered copy fails), rotates the secret and edits the endpoint",
  async () => {
    const token = await mint(A, "portal create");
    const { page, errors } = await openPage(browser);
    await page.goto(embedding(svc().url + token.portal_path));
    const frame = await portalFrame(page);
    await frame.getByRole("link", { name: "Add endpoint" }).click();
    await frame.getByRole("heading", { level: 1, name: "Add endpoint" }).waitFor();
    const target = receiver.path("/a-new");
    await frame.getByLabel("Endpoint URL").fill(target.url);
    await frame.getByLabel("Description").fill("Orders into our ERP");
    await frame.getByRole("checkbox", { name: /order\.created/ }).check();
    await frame.getByRole("button", { name: "Add endpoint" }).click();
    await frame.getByRole("heading", { name: "Your signing secret" }).waitFor();
    const secret = (await frame.getByLabel("Signing secret", { exact: true }).textContent())!.trim();
    assert.match(secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
    const publicKey = (await frame.getByLabel("Ed25519 public key", { exact: true }).textContent())!.trim();
    assert.match(publicKey, /^[A-Za-z0-9+/]{43}=$/);
    const webhookId = new URL(frame.url()).pathname.split("/").at(-1)!;
    // Shown once: a reload of the page no longer has it.
    await frame.goto(`${svc().url}/portal/webhooks/${webhookId}`);
    await frame.getByRole("heading", { name: "Signing" }).waitFor();
    assert.equal(await frame.getByText(secret).count(), 0, "the secret is not shown again");
    await frame.getByRole("button", { name: "Pause" }).click();
    await frame.getByText("Endpoint paused: new events are not sent to it.").waitFor();
    assert.equal((await rest("GET", `/v1/consumers/${A}/webhooks/${webhookId}`)).active, false);
    await frame.getByRole("button", { name: "Resume" }).click();
    await frame.getByText("Endpoint resumed.").waitFor();
    await frame.getByRole("button", { name: "Pause" }).waitFor();
    assert.equal((await rest("GET", `/v1/consumers/${A}/webhooks/${webhookId}`)).active, true);
    for (const language of ["Node", "Python", "Go", "Ruby", "PHP"]) {
      await frame.getByRole("tab", { name: language }).click();
      assert.match(
        (await frame.getByRole("tabpanel").textContent())!,
        /standardwebhooks|standard-webhooks|StandardWebhooks/,
      );
    }

    // The operator's backend pushes an event; the new endpoint receives it.
    await push(A, { id: "ord_1234", total: 42 });
    const [received] = await target.waitForRequests(1);
    await frame.getByRole("link", { name: "Deliveries", exact: true }).first().click();
    await frame.getByRole("heading", { level: 1, name: "Deliveries" }).waitFor();
    await frame.getByLabel("Endpoint", { exact: true }).selectOption(webhookId);
    await frame.getByRole("region", { name: "Endpoint health" }).getByText("Errors in the last 24 hours").waitFor();
    const row = frame.getByRole("region", { name: "Deliveries" }).locator("tbody tr");
    await row.first().getByText("success").waitFor();
    // Filters live in the URL and narrow the list.
    await frame.getByLabel("Status").selectOption("failed");
    await frame.getByRole("heading", { name: "No deliveries match these filters" }).waitFor();
    assert.match(await frame.evaluate(() => location.search), /status=failed/);
    await frame.getByLabel("Status").selectOption("");
    await frame.getByLabel("Period").selectOption("1h");
    await row.first().getByText("success").waitFor();
    await waitUntil(async () => (await row.count()) === 1).catch(() => {});
    const shown = await frame.evaluate(
      () => `${location.search} ${document.querySelector("main")?.textContent?.replace(/\s+/g, " ").slice(0, 400)}`,
    );
    assert.equal(await row.count(), 1, `one delivery to the new endpoint so far; the page shows: ${shown}`);
    await row.first().getByRole("link").click();
    await frame.getByRole("heading", { level: 1, name: /^Delivery / }).waitFor();
    // The heading is drawn before the delivery and its attempts have loaded.
    const attempts = frame.getByRole("region", { name: "Attempts" }).locator("tbody tr");
    await attempts.first().waitFor();
    assert.equal(await attempts.count(), 1);
    await frame.getByRole("button", { name: "Retry" }).click();
    await frame
      .getByRole("dialog", { name: "Send a successful delivery again?" })
      .getByRole("button", { name: "Send again" })
      .click();
    await target.waitForRequests(2);
    await waitUntil(async () => (await attempts.count()) === 2).catch(() => {});
    assert.equal(await attempts.count(), 2, "the retry's attempt shows");

    // The captured delivery verifies in the browser with both keys; a tampered body does not.
    await frame.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Verify a signature" }).click();
    await frame.getByRole("heading", { level: 1, name: "Verify a signature" }).waitFor();
    // Requests started from here on: one still finishing for the page before does not count.
    const apiCalls: string[] = [];
    const onRequest = (r: { url(): string }) => void (r.url().includes("/portal/api/") && apiCalls.push(r.url()));
    page.on("request", onRequest);
    await frame.getByLabel("Signing secret").fill(secret);
    await frame.getByLabel("Ed25519 public key").fill(publicKey);
    await frame.getByLabel("webhook-id").fill(String(received!.headers["webhook-id"]));
    await frame.getByLabel("webhook-timestamp").fill(String(received!.headers["webhook-timestamp"]));
    await frame.getByLabel("webhook-signature").fill(String(received!.headers["webhook-signature"]));
    await frame.getByLabel("Raw body").fill(received!.body);
    await frame.getByRole("button", { name: "Verify" }).click();
    const result = frame.getByRole("region", { name: "Result" });
    await result.getByText("Valid: this message was signed by svc for this endpoint.").waitFor();
    assert.match((await result.textContent())!, /v1 \(HMAC-SHA256, signing secret\) signature matched/);
    assert.match((await result.textContent())!, /v1a \(Ed25519, public key\) signature matched/);
    await screenshot(page, "portal-verify-valid-embedded");

    await frame.getByLabel("Raw body").fill(received!.body.replace("ord_1234", "ord_9999"));
    await frame.getByRole("button", { name: "Verify" }).click();
    await result.getByText("Not valid.").waitFor();
    assert.match((await result.textContent())!, /did not match/);
    await screenshot(page, "portal-verify-tampered-embedded");
    page.off("request", onRequest);
    assert.deepEqual(apiCalls, [], "verifying sends nothing to the server");

    // Rotation shows the new secret once; the next delivery verifies with it in the stock library.
    await frame.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Endpoints" }).click();
    await frame.getByRole("link", { name: target.url }).click();
    await frame.getByRole("button", { name: "Rotate secret" }).click();
    await frame
      .getByRole("dialog", { name: "Rotate the signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    await frame.getByRole("heading", { name: "Your new signing secret" }).waitFor();
    await screenshot(page, "portal-secret-rotated-embedded");
    const rotated = (await frame.getByLabel("Signing secret", { exact: true }).textContent())!.trim();
    assert.match(rotated, /^whsec_/);
    assert.notEqual(rotated, secret);
    await push(A, { id: "ord_1235", total: 43 });
    const third = (await target.waitForRequests(3))[2]!;
    assert.doesNotThrow(() => new StandardWebhook(rotated).verify(third.body, third.headers as Record<string, string>));
    assert.doesNotThrow(
      () => new StandardWebhook(secret).verify(third.body, third.headers as Record<string, string>),
      "the old secret still signs during the overlap",
    );

    // Editing writes the fields and keeps the settings it does not show.
    await frame.getByRole("link", { name: "Edit" }).click();
    await frame.getByRole("heading", { level: 1, name: "Edit endpoint" }).waitFor();
    await frame.getByLabel("Description").fill("Orders into our ERP (v2)");
    await frame.getByText("Delivery settings").click();
    await frame.getByLabel("Retries", { exact: true }).fill("5");
    await frame.getByRole("button", { name: "Save" }).click();
    await frame.getByText("Endpoint saved.").waitFor();
    const edited = await rest("GET", `/v1/consumers/${A}/webhooks/${webhookId}`);
    assert.equal(edited.description, "Orders into our ERP (v2)");
    assert.equal(edited.http_config.max_retries, 5);
    assert.deepEqual(edited.events, ["order.created"]);
    assert.deepEqual(errors, []);
  },
);

test("a customer narrows a subscription with a label filter and a body template, dry-runs it, and deliveries follow both", async () => {
  const target = receiver.path("/a-labels");
  const hook = await rest("POST", `/v1/consumers/${A}/webhooks`, { url: target.url, events: ["order.created"] });
  const subs = await rest("GET", `/v1/consumers/${A}/subscriptions?webhook_id=${hook.webhook_id}`);
  const token = await mint(A, "portal subscription");
  const { page, errors } = await openPage(browser);
  await page.goto(`${svc().url}${token.portal_path}`);
  await page.getByRole("link", { name: hook.url }).click();
  await page.getByRole("link", { name: "order.created" }).click();
  await page.getByRole("heading", { level: 1, name: "Subscription: order.created" }).waitFor();
  assert.equal(new URL(page.url()).pathname, `/portal/subscriptions/${subs.subscriptions[0].subscription_id}`);
  await page.getByRole("button", { name: "Add label filter" }).click();
  await page.getByLabel("Label filters: label 1").fill("region");
  await page.getByLabel("Label filters: value 1").fill("eu");
  await page.getByRole("checkbox", { name: "Send the template's output instead of the standard body" }).check();
  // A template that does not parse: the dry run says why.
  await page.getByLabel(/^Template/).fill("{{.payload.id");
  await page.getByRole("button", { name: "Dry run" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /unclosed|unexpected|template/i })
    .first()
    .waitFor();
  await page.getByLabel(/^Template/).fill('{"kind":"{{.event_name}}","order":"{{.payload.id}}"}');
  await page.getByRole("button", { name: "Dry run" }).click();
  await page.getByRole("heading", { name: "Output" }).waitFor();
  assert.match((await page.locator('pre[aria-label="Template output"]').textContent())!, /"kind": "order\.created"/);
  await screenshot(page, "portal-subscription-dry-run-light-desktop");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Subscription saved.").waitFor();
  const saved = await rest("GET", `/v1/consumers/${A}/subscriptions/${subs.subscriptions[0].subscription_id}`);
  assert.deepEqual(saved.label_filters, { region: "eu" });
  assert.equal(saved.transform_enabled, true);

  await rest("POST", `/v1/consumers/${A}/events?event=order.created`, {
    payload: { id: "ord_0300", total: 3 },
    labels: { region: "us" },
  });
  await rest("POST", `/v1/consumers/${A}/events?event=order.created`, {
    payload: { id: "ord_0301", total: 3 },
    labels: { region: "eu" },
  });
  const [only] = await target.waitForRequests(1);
  assert.deepEqual(JSON.parse(only!.body), { kind: "order.created", order: "ord_0301" });
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(target.requests.length, 1, "the event without the label was not delivered");

  // Deleting the endpoint asks first, then it is gone.
  await page.getByRole("link", { name: "Back to the endpoint" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete this endpoint?" })
    .getByRole("button", { name: "Delete endpoint" })
    .click();
  await page.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
  assert.equal(await page.getByRole("link", { name: hook.url }).count(), 0);
  assert.equal((await svc().rest("GET", `/v1/consumers/${A}/webhooks/${hook.webhook_id}`)).status, 404);
  assert.deepEqual(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
});

test("an expired or revoked link shows the expiry message; a tenant-wide token is refused; an invite link is redeemed through the portal API", async () => {
  const expired = await mint(A, "portal expired");
  await svc().app.db.query("update access_tokens set expires_at = now() - interval '1 minute' where id = $1", [
    expired.id,
  ]);
  const revoked = await mint(A, "portal revoked");
  await rest("DELETE", `/v1/tokens/${revoked.id}`);
  for (const [label, token] of [
    ["expired", expired],
    ["revoked", revoked],
  ] as const) {
    const { page } = await openPage(browser);
    await page.goto(`${svc().url}${token.portal_path}`);
    await page.getByRole("heading", { level: 1, name: "This link has expired" }).waitFor();
    assert.match((await page.getByRole("alert").textContent())!, /Ask for a new one/, label);
    assert.equal(await page.getByRole("navigation", { name: "Portal" }).count(), 0);
    assert.doesNotMatch(page.url(), /token=/);
    await assertAccessible(page, `${label} link`);
    await screenshot(page, `portal-${label}-link-light-desktop`);
    await page.context().close();
  }
  const tenant = await mint(undefined);
  const { page } = await openPage(browser);
  await page.goto(`${svc().url}/portal#token=${tenant.secret}`);
  await page.getByRole("heading", { level: 1, name: "This link cannot be used here" }).waitFor();
  assert.match((await page.getByRole("alert").textContent())!, /full-access token/);
  await page.context().close();

  const invite = await rest("POST", "/v1/invites", { name: "portal invite", consumer: A });
  const opened = await openPage(browser);
  await opened.page.goto(`${svc().url}${invite.path}`);
  await opened.page.getByRole("link", { name: hookA.url }).waitFor();
  assert.doesNotMatch(opened.page.url(), /invite=/);
  const paths = opened.requests.map((u) => new URL(u).pathname);
  assert.ok(paths.includes("/portal/api/invite/redeem"));
  assert.deepEqual(
    paths.filter((p) => !PORTAL_PATH.test(p)),
    [],
  );
  const used = await openPage(browser);
  await used.page.goto(`${svc().url}${invite.path}`);
  await used.page.getByRole("heading", { level: 1, name: "This invite cannot be used" }).waitFor();
  assert.match(
    (await used.page.getByRole("alert").textContent())!,
    /This invite link is unknown, expired, cancelled or already used\. Ask for a new invite\./,
  );
});

test("theme and accent come from the fragment; an accent too dark for the dark theme is lightened to stay legible", async () => {
  const token = await mint(A, "portal theme");
  const light = await openPage(browser, { colorScheme: "dark" });
  await light.page.goto(`${svc().url}${token.portal_path}&theme=light&accent=c2410c`);
  await light.page.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
  assert.equal(await light.page.evaluate(() => document.documentElement.dataset.theme), "light");
  assert.equal(
    await light.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
    "#c2410c",
  );
  assert.equal(await light.page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(247, 248, 250)");
  await assertAccessible(light.page, "light with accent");
  await screenshot(light.page, "portal-accent-light");
  await light.context.close();

  const { page, context } = await openPage(browser, { colorScheme: "light" });
  await page.goto(`${svc().url}/portal#token=${token.secret}&theme=dark&accent=c2410c`);
  await page.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(15, 18, 24)");
  const accent = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
  );
  assert.match(accent, /^#[0-9a-f]{6}$/);
  assert.notEqual(accent, "#c2410c", "lightened for the dark background");
  await assertAccessible(page, "dark with accent");
  await screenshot(page, "portal-accent-dark");
  // A reload keeps the look (the fragment is gone by then).
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
  await context.close();
});

test("the complete embedding page of docs/portal.md works as written: it mints a link, embeds the portal and sizes the iframe", async () => {
  const doc = await readFile("docs/portal.md", "utf8");
  const code = /### A complete example page[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(code, "docs/portal.md has the example page");
  // Only the two placeholders change: svc's address and the port.
  const runnable = code
    .replace('const SVC = "https://svc.example.com";', `const SVC = ${JSON.stringify(svc().url)};`)
    .replace(".listen(3000);", ".listen(Number(process.env.PORT), '127.0.0.1');");
  assert.notEqual(runnable, code);
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, ["--input-type=module", "-e", runnable], {
    env: { ...process.env, SVC_API_KEY: TEST_API_KEY, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(url, { method: "HEAD" }).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(url);
    const frame = await portalFrame(page);
    await frame.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
    await frame.getByRole("heading", { name: "No endpoints yet" }).waitFor();
    await page.waitForFunction(() => document.getElementById("svc-portal")!.style.height !== "");
    const height = await page.evaluate(() => document.getElementById("svc-portal")!.getBoundingClientRect().height);
    const content = await frame.evaluate(() =>
      Math.ceil(document.querySelector(".portal")!.getBoundingClientRect().height),
    );
    assert.ok(Math.abs(height - Math.max(200, content)) <= 1, `iframe ${height}px for ${content}px of content`);
    assert.doesNotMatch(await frame.evaluate(() => location.href), /token=/);
    await screenshot(page, "portal-docs-example-phone");
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    child.kill();
  }
  assert.equal(stderr, "", "the example page ran without errors");
});
