// The dashboard's Deliveries pages in Chromium against a real server, workers and receiver: the list with live
// filters, a delivery's attempts, Retry, and a batch retry with progress.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertAccessible, launchBrowser, openPage, PHONE, screenshot } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";

test("deliveries: list and filter, open the attempts, retry one, retry all matching with progress", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" }, workers: true });
  const receiver = await startReceiver(t);
  const ok = receiver.path("/ok");
  const down = receiver.path("/down").answers({ status: 500, body: "down" });
  assert.equal(
    (await svc.rest("POST", "/v1/event-types", { name: "order.created", description: "An order was placed" })).status,
    201,
  );
  assert.equal(
    (await svc.rest("POST", "/v1/consumers/acme/webhooks", { url: ok.url, events: ["order.created"] })).status,
    201,
  );
  assert.equal(
    (
      await svc.rest("POST", "/v1/consumers/acme/webhooks", {
        url: down.url,
        events: ["order.created"],
        http_config: { max_retries: 0 },
      })
    ).status,
    201,
  );
  for (let i = 0; i < 3; i++)
    assert.equal(
      (await svc.rest("POST", "/v1/consumers/acme/events?event=order.created", { payload: { order: i } })).status,
      202,
    );
  await ok.waitForRequests(3);
  await waitUntil(
    async () => (await svc.rest("GET", `/v1/deliveries?consumer=acme&status=failed`)).body.pagination.total_count === 3,
  );

  const browser = await launchBrowser(t);
  const { page, errors } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/deliveries");
  await page.getByRole("heading", { level: 1, name: "Deliveries", exact: true }).waitFor();
  const rows = page.getByRole("region", { name: "Deliveries" }).locator("tbody tr");
  await waitUntil(async () => (await rows.count()) === 6);

  // Filters live in the query string.
  await page.getByLabel("Status").selectOption("failed");
  await page.waitForURL(/status=failed/);
  await waitUntil(async () => (await rows.count()) === 3);
  await assertAccessible(page, "deliveries list");
  await screenshot(page, "deliveries-list-desktop");

  // A failed delivery's attempts; Retry sends it again.
  await rows.first().getByRole("link").first().click();
  await page.getByRole("heading", { level: 1, name: "Delivery", exact: true }).waitFor();
  assert.match(page.url(), /\/consumers\/acme\/deliveries\/[0-9a-f-]{36}$/);
  const attempts = page.getByRole("heading", { name: "Attempts" }).locator("..").locator("ol li");
  await waitUntil(async () => (await attempts.count()) === 1);
  assert.match(await attempts.first().innerText(), /HTTP 500/);
  assert.match(await attempts.first().innerText(), /server error/);
  await assertAccessible(page, "delivery detail");
  await screenshot(page, "delivery-detail-desktop");
  const before = down.requests.length;
  await page.getByRole("button", { name: "Retry" }).click();
  await down.waitForRequests(before + 1);
  await waitUntil(async () => (await attempts.count()) === 2, 15_000);

  // Reload keeps the page (deep link).
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Delivery", exact: true }).waitFor();

  // Batch: retry everything failed for acme.
  await page.goto(`${svc.url}/consumers/acme/deliveries?status=failed`);
  await waitUntil(async () => (await rows.count()) >= 2);
  const sentBefore = down.requests.length;
  await page.getByRole("button", { name: "Retry all matching" }).click();
  await page.getByText(/Retry 3 matching deliveries\?/).waitFor();
  await page.getByRole("button", { name: "Start retry" }).click();
  const progress = page.getByRole("progressbar", { name: "Retry progress" });
  await progress.waitFor();
  await page.getByText("Retry batch completed", { exact: true }).waitFor({ timeout: 20_000 });
  assert.equal(await progress.getAttribute("value"), "3");
  await down.waitForRequests(sentBefore + 3);
  await screenshot(page, "deliveries-batch-desktop");

  const phone = await openPage(browser, { viewport: PHONE });
  await signInWithMasterKey(phone.page, svc.url, "/deliveries");
  await waitUntil(
    async () => (await phone.page.getByRole("region", { name: "Deliveries" }).locator("tbody tr").count()) === 6,
  );
  await assertAccessible(phone.page, "deliveries list (phone)");
  await screenshot(phone.page, "deliveries-list-phone");
  assert.deepEqual(
    errors.filter((e) => !/401|Failed to load resource/.test(e)),
    [],
  );
});
