// Every page of the consumer portal over real data (an event type with a schema, an endpoint with its subscription,
// a delivered event), light and dark: one h1, no sideways scrolling, no serious axe-core violation, no script error;
// each page is screenshotted. One test file per viewport (portal-pages-*.test.ts), so each runs in its own process
// within the runner's 300 s per file even on a loaded machine.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertAccessible, launchBrowser, openPage, screenshot, type PageOptions } from "./browser.ts";
import { startReceiver } from "./receiver.ts";
import { startTestService, type Cleanup, type TestService } from "./service.ts";
import { eventually } from "./wait.ts";

/** The order schema the portal tests publish (its sample payload fills the event-type page). */
export const ORDER_SCHEMA = {
  type: "object",
  properties: { id: { type: "string", pattern: "^ord_[0-9]{4}$" }, total: { type: "number", minimum: 1 } },
  required: ["id", "total"],
};

const CONSUMER = "shop-a";
const cleanups: (() => unknown)[] = [];
const fileScope = { after: (fn: () => unknown) => void cleanups.push(fn) } as Cleanup;
let service: TestService | undefined;
const svc = () => service!;
let token = "";
let pages: [name: string, path: string, h1: string | RegExp][] = [];

async function rest(method: string, path: string, body?: unknown) {
  const res = await svc().rest(method, path, body);
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function buildFixture(): Promise<void> {
  service = await startTestService(fileScope, { workers: true });
  const receiver = await startReceiver(fileScope);
  await rest("POST", "/v1/event-types", {
    name: "order.created",
    description: "An order was placed",
    schema: ORDER_SCHEMA,
  });
  await rest("POST", "/v1/event-types", { name: "order.shipped", description: "An order left the warehouse" });
  const hook = await rest("POST", `/v1/consumers/${CONSUMER}/webhooks`, {
    url: receiver.path("/a-existing").url,
    events: ["order.created"],
    description: "Existing endpoint of A",
  });
  const subs = await rest("GET", `/v1/consumers/${CONSUMER}/subscriptions?webhook_id=${hook.webhook_id}`);
  await rest("POST", `/v1/consumers/${CONSUMER}/events?event=order.created`, { payload: { id: "ord_2222", total: 7 } });
  const delivered = await eventually(
    () => rest("GET", `/v1/consumers/${CONSUMER}/deliveries?webhook_id=${hook.webhook_id}`),
    (list) => list.deliveries?.[0]?.status === "success",
    60_000,
  );
  token = (await rest("POST", "/v1/tokens", { name: "portal pages", consumer: CONSUMER, ttl_seconds: 3600 })).secret;
  pages = [
    ["endpoints", "/portal/webhooks", "Endpoints"],
    ["endpoint-new", "/portal/webhooks/new", "Add endpoint"],
    ["endpoint", `/portal/webhooks/${hook.webhook_id}`, hook.url],
    ["endpoint-edit", `/portal/webhooks/${hook.webhook_id}/edit`, "Edit endpoint"],
    ["subscription", `/portal/subscriptions/${subs.subscriptions[0].subscription_id}`, "Subscription: order.created"],
    ["deliveries", "/portal/deliveries", "Deliveries"],
    ["delivery", `/portal/deliveries/${delivered.deliveries[0].delivery_id}`, /^Delivery /],
    ["event-types", "/portal/event-types", "Event types"],
    ["event-type", "/portal/event-types/order.created", "order.created"],
    ["verify", "/portal/verify", "Verify a signature"],
  ];
}

/** Registers (at a test file's top level) the fixture and one test walking every portal page, light and dark. */
export function everyPortalPageTest(device: string, viewport: PageOptions["viewport"]): void {
  before(buildFixture);
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });
  test(`every portal page on a ${device}, light and dark: one h1, fits the width, accessible, no script error`, async (t) => {
    const browser = await launchBrowser(t);
    for (const scheme of ["light", "dark"] as const) {
      const { page, errors, context } = await openPage(browser, { colorScheme: scheme, viewport });
      await page.goto(`${svc().url}/portal#token=${token}`);
      await page.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
      for (const [name, path, h1] of pages) {
        await page.goto(svc().url + path);
        await page.getByRole("heading", { level: 1, name: h1 }).waitFor();
        await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
        if (name === "subscription") {
          await page.getByRole("button", { name: "Dry run" }).click();
          await page.getByRole("heading", { name: "Output" }).waitFor();
        }
        if (name === "event-type") await page.locator('pre[aria-label="Sample payload"]').waitFor();
        assert.equal(await page.getByRole("heading", { level: 1 }).count(), 1, `${name}: one h1`);
        const label = `${name} (${scheme}, ${device})`;
        await assertAccessible(page, label);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `${label}: ${overflow}px wider than the screen`);
        await screenshot(page, `portal-${name}-${scheme}-${device}`);
      }
      const invalid = await openPage(browser, { colorScheme: scheme, viewport });
      await invalid.page.goto(`${svc().url}/portal#token=svc_tk_not-a-real-token`);
      await invalid.page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor();
      await screenshot(invalid.page, `portal-invalid-link-${scheme}-${device}`);
      await invalid.context.close();
      assert.deepEqual(errors, [], `${scheme} ${device}: no script errors`);
      await context.close();
    }
  });
}
