// Every page of the dashboard over real data (a consumer, an event type with a schema, a webhook, a subscription
// with a transform, a delivered event): one h1, no sideways scrolling, no serious axe-core violation, no script
// error; each page is screenshotted. One test file per viewport (pages-*.test.ts), so each runs in its own process.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible, launchBrowser, openPage, screenshot, type PageOptions } from "./browser.ts";
import { signInWithMasterKey } from "./dashboard.ts";
import { startReceiver } from "./receiver.ts";
import { startTestService, type Cleanup, type TestService } from "./service.ts";
import { eventually } from "./wait.ts";

const cleanups: (() => unknown)[] = [];
const fileScope = { after: (fn: () => unknown) => void cleanups.push(fn) } as Cleanup;
let service: TestService | undefined;
const svc = () => service!;
let pages: [string, string][] = [];

/** A consumer with a webhook, a transforming subscription and one delivered event; `pages` lists what to visit. */
async function buildFixture(): Promise<void> {
  service = await startTestService(fileScope, { env: { SVC_SERVE_UI: "true" }, workers: true });
  const receiver = await startReceiver(fileScope);
  const schema = {
    type: "object",
    required: ["email"],
    properties: { email: { type: "string" }, plan: { type: "string" } },
  };
  assert.equal(
    (
      await svc().rest("POST", "/v1/event-types", {
        name: "user.upgraded",
        description: "A user moved to a paid plan",
        schema,
      })
    ).status,
    201,
  );
  assert.equal((await svc().rest("POST", "/v1/event-types", { name: "user.created" })).status, 201);
  const webhook = await svc().rest("POST", "/v1/consumers/journey/webhooks", {
    url: receiver.path("/users").url,
    events: ["user.created"],
  });
  assert.equal(webhook.status, 201);
  const webhookId = webhook.body.webhook_id;
  const subscription = await svc().rest("POST", "/v1/consumers/journey/subscriptions", {
    webhook_id: webhookId,
    event_name: "user.upgraded",
    transform_enabled: true,
    transform_template: '{"user": "{{ .payload.email }}"}',
  });
  assert.equal(subscription.status, 201);
  const pushed = await svc().rest("POST", "/v1/consumers/journey/events?event=user.upgraded", {
    payload: { email: "ada@example.com", plan: "team" },
  });
  assert.equal(pushed.status, 202);
  const eventId = pushed.body.event_id;
  const delivered = await eventually(
    () => svc().rest("GET", `/v1/consumers/journey/deliveries?event_id=${eventId}`),
    (r) => r.body.deliveries?.[0]?.status === "success",
  );
  const deliveryId = delivered.body.deliveries[0].delivery_id;
  pages = [
    ["/", "overview"],
    ["/consumers", "consumers"],
    ["/consumers/journey", "consumer"],
    ["/event-types", "event-types"],
    ["/event-types/user.upgraded", "event-type"],
    ["/webhooks", "webhooks"],
    [`/consumers/journey/webhooks/${webhookId}`, "webhook"],
    [`/consumers/journey/webhooks/${webhookId}/edit`, "webhook-edit"],
    ["/consumers/journey/webhooks/new", "webhook-new"],
    ["/consumers/journey/subscriptions", "subscriptions"],
    [`/consumers/journey/subscriptions/${subscription.body.subscription_id}`, "subscription"],
    ["/consumers/journey/events", "events"],
    [`/consumers/journey/events/${eventId}`, "event"],
    ["/consumers/journey/events/new", "event-push"],
    ["/deliveries", "deliveries"],
    [`/consumers/journey/deliveries/${deliveryId}`, "delivery"],
    ["/health-summary?state=healthy", "health"],
    ["/access", "access"],
    ["/no/such/page", "not-found"],
  ];
}

/** One h1, no sideways scrolling at the viewport's width, no serious axe violation; then a screenshot. */
async function checkPage(page: Page, path: string, name: string): Promise<void> {
  await page.goto(svc().url + path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page
    .locator("[aria-busy=true]")
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState("networkidle");
  assert.equal(await page.getByRole("heading", { level: 1 }).count(), 1, `${path}: one h1`);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The widest element that is not inside a scrolling container (tables and the nav scroll on their own).
    const culprit = [...document.querySelectorAll("body *")].find(
      (e) => e.getBoundingClientRect().right > width + 1 && !e.closest(".wrap, nav, pre, .u-wrap"),
    );
    return {
      by: document.documentElement.scrollWidth - width,
      culprit: culprit ? `${culprit.tagName}.${culprit.className} ${culprit.textContent?.slice(0, 60)}` : "",
    };
  });
  assert.ok(overflow.by <= 1, `${path}: no sideways scrolling (${overflow.by}px too wide: ${overflow.culprit})`);
  await assertAccessible(page, path);
  await screenshot(page, name);
}

/** Registers (at a test file's top level) the fixture and one test walking every page at `options`' viewport and colour scheme. */
export function everyPageTest(label: string, options: PageOptions): void {
  before(buildFixture);
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  test(`every page on a ${label}: one h1, fits the width, accessible, no script error`, async (t) => {
    const browser = await launchBrowser(t);
    const { page, errors } = await openPage(browser, options);
    await signInWithMasterKey(page, svc().url);
    for (const [path, name] of pages) await checkPage(page, path, `page-${name}-${label}`);
    assert.deepEqual(
      errors.filter((e) => !/status of 40[14]/.test(e)),
      [],
      "no script errors",
    );
  });
}
