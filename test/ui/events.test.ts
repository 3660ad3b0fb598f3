// The dashboard's Events and Consumers pages in Chromium: filters in the query string, re-push one event and
// re-push all matching as a batch, deleting a consumer after confirming, and the problem detail of a failed load.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { launchBrowser, openPage, screenshot } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";
import { fanOutBatch } from "../../lib/fanout/fanout.ts";

test("events: filter by type, re-push one, re-push all matching with progress; delete a consumer; errors show the detail", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" }, workers: true });
  const receiver = await startReceiver(t);
  const hook = receiver.path("/events");
  for (const name of ["cart.filled", "cart.emptied"])
    assert.equal((await svc.rest("POST", "/v1/event-types", { name })).status, 201);
  assert.equal(
    (await svc.rest("POST", "/v1/consumers/shop/webhooks", { url: hook.url, events: ["cart.filled", "cart.emptied"] }))
      .status,
    201,
  );
  for (let i = 0; i < 3; i++)
    assert.equal(
      (
        await svc.rest("POST", "/v1/consumers/shop/events?event=cart.filled", {
          payload: { i },
          labels: { region: i === 0 ? "eu" : "us" },
        })
      ).status,
      202,
    );
  assert.equal((await svc.rest("POST", "/v1/consumers/shop/events?event=cart.emptied", { payload: {} })).status, 202);
  await hook.waitForRequests(4);

  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/consumers/shop/events");
  const rows = page.getByRole("region", { name: "Events" }).locator("tbody tr");
  await waitUntil(async () => (await rows.count()) === 4);
  await page.getByLabel("Event type").fill("cart.filled");
  await page.getByLabel("Event type").press("Enter");
  await page.waitForURL(/event=cart\.filled/);
  await waitUntil(async () => (await rows.count()) === 3);
  await page.getByLabel("Label").fill("region:eu");
  await page.getByLabel("Label").press("Enter");
  await page.waitForURL(/label=region%3Aeu/);
  await waitUntil(async () => (await rows.count()) === 1);

  // Re-push one event: a new delivery reaches the receiver.
  await rows.first().getByRole("link").click();
  await page.getByRole("heading", { level: 1, name: "Event", exact: true }).waitFor();
  await page.getByRole("button", { name: "Re-push" }).click();
  await hook.waitForRequests(5);
  await page.getByText(/Event re-pushed/).waitFor();

  // Re-push all cart.filled events as a batch.
  // (A re-push is an event of its own, so the type now has one more.)
  const matching = (await svc.rest("GET", "/v1/consumers/shop/events?event=cart.filled")).body.pagination.total_count;
  assert.ok(matching >= 3);
  await page.goto(`${svc.url}/consumers/shop/events?event=cart.filled`);
  await waitUntil(async () => (await rows.count()) === matching);
  const sent = hook.requests.length;
  await page.getByRole("button", { name: "Re-push all matching" }).click();
  await page.getByText(`Re-push ${matching} matching events?`).waitFor();
  await page.getByRole("button", { name: "Start re-push" }).click();
  await page.getByRole("progressbar", { name: "Re-push progress" }).waitFor();
  await page.getByText("Re-push batch completed", { exact: true }).waitFor({ timeout: 20_000 });
  await hook.waitForRequests(sent + matching);
  await screenshot(page, "events-repush-batch-desktop");

  // A failed load shows the server's problem detail.
  const ghost = randomUUID();
  await page.goto(`${svc.url}/consumers/shop/webhooks/${ghost}`);
  await page.getByRole("alert").filter({ hasText: ghost }).waitFor();
  await screenshot(page, "webhook-not-found-desktop");

  // The header's consumer switcher moves a consumer page to the other consumer.
  assert.equal((await svc.rest("POST", "/v1/consumers", { name: "doomed" })).status, 201);
  await page.goto(`${svc.url}/consumers/shop/events?event=cart.filled`);
  await page.locator("header").getByLabel("Consumer", { exact: true }).selectOption("doomed");
  await page.waitForURL(/\/consumers\/doomed\/events/);
  await page.getByText("No events yet for doomed.").waitFor();

  // Delete a consumer, after confirming.
  await page.goto(`${svc.url}/consumers`);
  await page.getByRole("button", { name: "Delete consumer doomed" }).click();
  await page
    .getByRole("dialog", { name: "Delete consumer doomed?" })
    .getByRole("button", { name: "Delete consumer" })
    .click();
  await page.getByText("Consumer doomed deleted").waitFor();
  assert.equal((await svc.rest("GET", "/v1/consumers/doomed")).status, 404);
});

test("an event opened before its fan-out says so, then shows the deliveries as they are created", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const receiver = await startReceiver(t);
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "cart.filled" })).status, 201);
  assert.equal(
    (
      await svc.rest("POST", "/v1/consumers/shop/webhooks", {
        url: receiver.path("/cart").url,
        events: ["cart.filled"],
      })
    ).status,
    201,
  );
  const pushed = await svc.rest("POST", "/v1/consumers/shop/events?event=cart.filled", { payload: { items: 2 } });
  assert.equal(pushed.status, 202);

  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, `/consumers/shop/events/${pushed.body.event_id}`);
  await page.getByRole("status").filter({ hasText: "being fanned out" }).waitFor();
  assert.equal((await fanOutBatch(svc.app.queueDb, 100)).deliveries, 1);
  await page
    .getByRole("region", { name: "Deliveries of this event" })
    .locator("tbody tr")
    .getByText("pending")
    .waitFor();
});

test("a re-push batch is cancelled from its progress bar: it stops, says so and keeps what was done", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" }, workers: true });
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "bulk.loaded" })).status, 201);
  assert.equal((await svc.rest("POST", "/v1/consumers", { name: "bulk" })).status, 201);
  // Events with no subscriber: re-pushing 5,000 of them one by one takes long enough to be caught mid-run.
  await svc.app.db.query(
    `insert into events (id, namespace, event_name, payload, fanned_out_at) select gen_random_uuid(), ` +
      `'bulk', 'bulk.loaded', '{"x":1}', now() from generate_series(1, 5000)`,
  );

  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/consumers/bulk/events");
  await page.getByRole("button", { name: "Re-push all matching" }).click();
  await page.getByText("Re-push 5,000 matching events?").waitFor();
  await page.getByRole("button", { name: "Start re-push" }).click();
  const progress = page.getByRole("progressbar", { name: "Re-push progress" });
  await waitUntil(async () => Number(await progress.getAttribute("value")) > 0, 30_000);
  const batch = page.getByRole("region", { name: "Re-push batch" });
  await batch.getByRole("button", { name: "Cancel" }).click();
  await batch.getByText("Re-push batch cancelled", { exact: true }).waitFor();
  await batch.getByRole("button", { name: "Close" }).waitFor();
  const stored = async () =>
    (await svc.app.db.query("select status, processed from batches where namespace = 'bulk'")).rows[0];
  const cancelled = await stored();
  assert.equal(cancelled.status, "cancelled");
  assert.ok(cancelled.processed > 0 && cancelled.processed < 5000, `stopped at ${cancelled.processed}`);
  await screenshot(page, "events-repush-cancelled-desktop");
  await new Promise((r) => setTimeout(r, 1_500));
  assert.equal((await stored()).processed, cancelled.processed, "nothing more is re-pushed");
  const shown = await batch.innerText();
  assert.match(shown, new RegExp(`${cancelled.processed.toLocaleString("en-US")} of 5,000 processed`));
});

test("the push page keeps the type from the address and what was typed; a type without a schema leaves the payload as it is", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const schema = { type: "object", required: ["sku"], properties: { sku: { type: "string" } } };
  for (const type of [{ name: "stock.free" }, { name: "stock.typed", schema }])
    assert.equal((await svc.rest("POST", "/v1/event-types", type)).status, 201);
  assert.equal((await svc.rest("POST", "/v1/consumers", { name: "depot" })).status, 201);
  const browser = await launchBrowser(t);
  const { page, errors } = await openPage(browser);
  const payload = page.getByLabel("Payload (JSON)");
  const pushButton = page.getByRole("button", { name: "Push event" });

  // No schema, no sample: the payload stays an empty object and can be pushed as it is.
  await signInWithMasterKey(page, svc.url, "/consumers/depot/events/new?event=stock.free");
  await page.getByRole("option", { name: "stock.typed" }).waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  assert.equal(
    await page.getByLabel("Event type").inputValue(),
    "stock.free",
    "the type from the address stays chosen once the list has loaded",
  );
  assert.equal(await payload.inputValue(), "{}");
  assert.equal(await pushButton.isEnabled(), true);

  // A schema brings its sample; a payload written afterwards is what gets pushed.
  await page.getByLabel("Event type").selectOption("stock.typed");
  await waitUntil(async () => (await payload.inputValue()).includes('"sku"'));
  await payload.fill('{"sku": "A-1"}');
  await page.waitForLoadState("networkidle");
  assert.equal(await payload.inputValue(), '{"sku": "A-1"}');
  await pushButton.click();
  await page.getByRole("heading", { level: 1, name: "Event", exact: true }).waitFor();
  const eventId = /events\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  assert.deepEqual((await svc.rest("GET", `/v1/consumers/depot/events/${eventId}`)).body.payload, { sku: "A-1" });

  // A sample that arrives while the user is in the payload field (here: all of it selected, to type over) stays out
  // of it, so what is typed is the whole payload, not the sample with the typing appended.
  await page.goto(`${svc.url}/consumers/depot/events/new?event=stock.free`);
  await page.getByRole("option", { name: "stock.typed" }).waitFor({ state: "attached" });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/v1/event-types/stock.typed", async (route) => {
    await held;
    await route.continue();
  });
  const sampleAnswered = page.waitForResponse("**/v1/event-types/stock.typed");
  await page.getByLabel("Event type").selectOption("stock.typed");
  await payload.selectText();
  release();
  await sampleAnswered;
  await page.waitForLoadState("networkidle");
  await page.keyboard.insertText('{"sku": "A-2"}');
  assert.equal(await payload.inputValue(), '{"sku": "A-2"}');
  assert.equal(await pushButton.isEnabled(), true);
  assert.deepEqual(
    errors.filter((e) => !/status of 401/.test(e)),
    [],
    "no script errors (the 401 is the check before signing in)",
  );
});
