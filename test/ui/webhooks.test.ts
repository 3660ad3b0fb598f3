// The dashboard's Webhooks pages in Chromium: create with every kind of field (secret shown once), edit, pause
// with a reason, resume, rotate the secret, delete — each checked against the API.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertAccessible, launchBrowser, openPage, PHONE, screenshot } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";

test("webhooks: create (secret once), edit, pause with a reason, resume, rotate the secret, delete", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const receiver = await startReceiver(t);
  const hook = receiver.path("/hooks");
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "invoice.paid" })).status, 201);
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "invoice.voided" })).status, 201);

  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/consumers/shop/webhooks/new");
  await page.getByRole("heading", { level: 1, name: "New webhook", exact: true }).waitFor();
  await page.getByLabel("URL").fill(hook.url);
  await page.getByLabel("Description").fill("Billing endpoint");
  await page.getByRole("group", { name: "Event types" }).getByRole("button", { name: "invoice.paid" }).click();
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Headers: name 1", { exact: true }).fill("X-Team");
  await page.getByLabel("Headers: value 1", { exact: true }).fill("billing");
  await page.getByRole("button", { name: "Add secret header" }).click();
  await page.getByLabel("Secret headers: name 1").fill("Authorization");
  await page.getByLabel("Secret headers: value 1").fill("Bearer s3cr3t");
  await page.getByLabel("Max retries").fill("5");
  await page.getByLabel("Rate limit (requests/s)").fill("20");
  await page.getByLabel("Capture response bodies").check();
  await assertAccessible(page, "new webhook form");
  await screenshot(page, "webhook-new-desktop");
  await page.getByRole("button", { name: "Create webhook" }).click();

  const dialog = page.getByRole("dialog", { name: "Webhook created" });
  await dialog.waitFor();
  const shownSecret = (await dialog.locator("pre").first().innerText()).trim();
  assert.match(shownSecret, /^whsec_/);
  await screenshot(page, "webhook-created-secret-desktop");
  await dialog.getByRole("button", { name: "Go to the webhook" }).click();
  await page.getByRole("heading", { level: 1, name: "Webhook", exact: true }).waitFor();
  const id = /\/consumers\/shop\/webhooks\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  const stored = (await svc.rest("GET", `/v1/consumers/shop/webhooks/${id}`)).body;
  assert.equal(stored.url, hook.url);
  assert.deepEqual(stored.events, ["invoice.paid"]);
  assert.deepEqual(stored.headers, { "X-Team": "billing" });
  assert.deepEqual(Object.keys(stored.secret_headers), ["Authorization"]);
  assert.equal(stored.http_config.max_retries, 5);
  assert.equal(stored.http_config.rate_limit_rps, 20);
  assert.equal(stored.http_config.capture_response_body, true);
  assert.notEqual(stored.http_config.webhook_secret, shownSecret, "reads show the secret masked");
  await assertAccessible(page, "webhook detail");
  await screenshot(page, "webhook-detail-desktop");

  // Edit: a server-side refusal shows its detail; a valid change is saved.
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("heading", { level: 1, name: "Edit webhook", exact: true }).waitFor();
  await page.getByLabel("Max retries").fill("11");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page
    .getByRole("alert")
    .filter({ hasText: /max_retries must be between 0 and 10/ })
    .waitFor();
  await page.getByLabel("Max retries").fill("2");
  await page.getByRole("group", { name: "Event types" }).getByRole("button", { name: "invoice.voided" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("heading", { level: 1, name: "Webhook", exact: true }).waitFor();
  const edited = (await svc.rest("GET", `/v1/consumers/shop/webhooks/${id}`)).body;
  assert.equal(edited.http_config.max_retries, 2);
  assert.deepEqual(edited.events.sort(), ["invoice.paid", "invoice.voided"]);
  assert.deepEqual(Object.keys(edited.secret_headers), ["Authorization"], "secret headers kept when not replaced");

  // Pause with a reason, then resume.
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByLabel("Reason").fill("maintenance window");
  await page.getByRole("button", { name: "Pause webhook" }).click();
  await page.getByText("maintenance window").waitFor();
  assert.equal((await svc.rest("GET", `/v1/consumers/shop/webhooks/${id}`)).body.active, false);
  await page.getByRole("button", { name: "Resume" }).click();
  await page.getByRole("button", { name: "Pause" }).waitFor();
  assert.equal((await svc.rest("GET", `/v1/consumers/shop/webhooks/${id}`)).body.active, true);

  // Rotate: the new secret is shown once, and it differs from the first.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByLabel("Grace period (seconds)").fill("0");
  await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "Secret rotated" });
  await rotated.waitFor();
  const newSecret = (await rotated.locator("pre").first().innerText()).trim();
  assert.match(newSecret, /^whsec_/);
  assert.notEqual(newSecret, shownSecret);
  await rotated.getByRole("button", { name: "Done" }).click();

  // The list shows it with its health; phone layout too.
  await page.goto(`${svc.url}/webhooks?consumer=shop`);
  await page.getByRole("region", { name: "Webhooks" }).getByRole("link", { name: hook.url }).waitFor();
  await assertAccessible(page, "webhooks list");
  await screenshot(page, "webhooks-list-desktop");
  const phone = await openPage(browser, { viewport: PHONE });
  await signInWithMasterKey(phone.page, svc.url, `/consumers/shop/webhooks/${id}`);
  await phone.page.getByRole("heading", { level: 1, name: "Webhook", exact: true }).waitFor();
  await phone.page.getByText("Configuration").waitFor();
  await assertAccessible(phone.page, "webhook detail (phone)");
  await screenshot(phone.page, "webhook-detail-phone");

  // Delete with confirmation.
  await page.goto(`${svc.url}/consumers/shop/webhooks/${id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete webhook" }).click();
  await page.getByRole("heading", { level: 1, name: "Webhooks", exact: true }).waitFor();
  await waitUntil(async () => (await svc.rest("GET", `/v1/consumers/shop/webhooks/${id}`)).status === 404);
});
