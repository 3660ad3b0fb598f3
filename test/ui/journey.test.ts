// An operator's first session in the dashboard, in Chromium against a real server, workers and receiver: create a
// consumer, an event type (schema checked as typed), a webhook and a subscription with a transform; push an event;
// see it delivered; open the attempts; retry; mint and revoke a token. (Every page's layout and accessibility:
// pages.test.ts.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { launchBrowser, openPage } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";

test("journey: consumer, event type, webhook, subscription, push, delivery, attempts, retry, token", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" }, workers: true });
  const receiver = await startReceiver(t);
  const hook = receiver.path("/users");
  const browser = await launchBrowser(t);
  const { page, errors } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/consumers");

  // Consumer
  await page.getByRole("button", { name: "New consumer" }).click();
  await page.getByRole("dialog", { name: "New consumer" }).getByLabel("Name").fill("journey");
  await page.getByRole("button", { name: "Create consumer" }).click();
  await page.getByRole("region", { name: "Consumers" }).getByRole("link", { name: "journey" }).waitFor();

  // Event type, with a schema checked as it is typed
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Event types" }).click();
  await page.getByRole("button", { name: "New event type" }).click();
  await page.getByRole("dialog", { name: "New event type" }).getByLabel("Name").fill("user.upgraded");
  await page
    .getByRole("dialog", { name: "New event type" })
    .getByLabel("Description")
    .fill("A user moved to a paid plan");
  await page.getByRole("button", { name: "Create event type" }).click();
  await page.getByRole("heading", { level: 1, name: "user.upgraded", exact: true }).waitFor();
  const schema = page.getByLabel("JSON Schema");
  await schema.fill('{"type": "object", "properties": {"email": {"type": "strin"}}');
  await page.getByText(/Not valid JSON/).waitFor();
  await schema.fill('{"type": "object", "properties": {"email": {"type": "strin"}}}');
  await page.getByText(/"strin" is not a JSON Schema type/).waitFor();
  assert.equal(await page.getByRole("button", { name: "Save" }).isDisabled(), true);
  await schema.fill(
    '{"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}, "plan": {"type": "string"}}}',
  );
  await page.getByText("Schema is valid.").waitFor();
  await page.getByRole("textbox", { name: "Sample payload" }).fill('{"plan": "pro"}');
  await page.getByText(/Sample does not match/).waitFor();
  await page.getByRole("textbox", { name: "Sample payload" }).fill('{"email": "a@example.com", "plan": "pro"}');
  await page.getByText("Sample matches the schema.").waitFor();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText(/version 2/).waitFor();
  const et = (await svc.rest("GET", "/v1/event-types/user.upgraded")).body;
  assert.equal(et.schema.required[0], "email");
  await page.locator('pre[aria-label="Schema diff"]').filter({ hasText: "+ " }).waitFor();

  // Webhook (subscribed to nothing yet: its own event type is another)
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "user.created" })).status, 201);
  await page.goto(`${svc.url}/consumers/journey/webhooks/new`);
  await page.getByLabel("URL").fill(hook.url);
  await page.getByRole("group", { name: "Event types" }).getByRole("button", { name: "user.created" }).click();
  await page.getByRole("button", { name: "Create webhook" }).click();
  await page
    .getByRole("dialog", { name: "Webhook created" })
    .getByRole("button", { name: "Go to the webhook" })
    .click();
  await page.getByRole("heading", { level: 1, name: "Webhook", exact: true }).waitFor();
  const _webhookId = /webhooks\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // Subscription for user.upgraded with a transform, dry-run live
  await page.getByRole("link", { name: "Manage subscriptions" }).click();
  await page.getByRole("heading", { level: 1, name: "Subscriptions", exact: true }).waitFor();
  await page.getByRole("button", { name: "New subscription" }).click();
  await page.getByLabel("Event type").fill("user.upgraded");
  await page.getByRole("button", { name: "Create subscription" }).click();
  await page.getByRole("heading", { level: 1, name: "Subscription: user.upgraded", exact: true }).waitFor();
  await page.getByLabel("Transform the body with this template").check();
  await page
    .getByLabel("Template (Go text/template)")
    .fill('{"user": "{{ .payload.email }}", "event": "{{ .event_name }}"}');
  await page.locator('pre[aria-label="Rendered body"]').filter({ hasText: '"event": "user.upgraded"' }).waitFor();
  await page.getByRole("button", { name: "Save subscription" }).click();
  await page.getByText("Subscription saved").waitFor();
  const subscriptionId = /subscriptions\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // Push an event (payload prefilled from the sample), see it delivered with the transform
  await page.goto(`${svc.url}/consumers/journey/events/new?event=user.upgraded`);
  await waitUntil(async () => (await page.getByLabel("Payload (JSON)").inputValue()).includes(`"email"`));
  await page.getByLabel("Payload (JSON)").fill('{"email": "ada@example.com", "plan": "team"}');
  await page.getByRole("button", { name: "Push event" }).click();
  await page.getByRole("heading", { level: 1, name: "Event", exact: true }).waitFor();
  const _eventId = /events\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const [received] = await hook.waitForRequests(1);
  assert.deepEqual(JSON.parse(received!.body), { user: "ada@example.com", event: "user.upgraded" });
  const deliveryRow = page.getByRole("region", { name: "Deliveries of this event" }).locator("tbody tr");
  await deliveryRow.getByText("success").waitFor();

  // Its attempts; Retry (forced, it succeeded) sends it again
  await deliveryRow.getByRole("link").nth(1).click();
  await page.getByRole("heading", { level: 1, name: "Delivery", exact: true }).waitFor();
  const _deliveryId = /deliveries\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const attempts = page.getByRole("heading", { name: "Attempts" }).locator("..").locator("ol li");
  await waitUntil(async () => (await attempts.count()) === 1);
  assert.match(await attempts.first().innerText(), /HTTP 200/);
  await page.getByRole("button", { name: "Retry" }).click();
  await hook.waitForRequests(2);
  await waitUntil(async () => (await attempts.count()) === 2);

  // The subscription's dry run against that real event instead of the sample
  await page.goto(`${svc.url}/consumers/journey/subscriptions/${subscriptionId}`);
  await page.getByLabel("Dry run against").selectOption({ index: 1 });
  await page.locator('pre[aria-label="Rendered body"]').filter({ hasText: '"user": "ada@example.com"' }).waitFor();

  // Access: a token with a copy-once secret, then revoked
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Access" }).click();
  await page.getByRole("button", { name: "New token" }).click();
  await page.getByRole("dialog", { name: "New token" }).getByLabel("Name").fill("ci deploys");
  await page.getByRole("button", { name: "Create token" }).click();
  const minted = (await page.getByRole("dialog", { name: "Token created" }).locator("pre").first().innerText()).trim();
  assert.match(minted, /^svc_tk_/);
  assert.equal(
    (await svc.request("/v1/whoami", { apiKey: null, headers: { authorization: `Bearer ${minted}` } })).status,
    200,
  );
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Revoke token ci deploys" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await page.getByText("Token ci deploys revoked").waitFor();
  assert.equal(
    (await svc.request("/v1/whoami", { apiKey: null, headers: { authorization: `Bearer ${minted}` } })).status,
    401,
  );

  // A portal link for the consumer
  await page
    .getByRole("region", { name: "Consumer portal link" })
    .getByLabel("Consumer", { exact: true })
    .fill("journey");
  await page.getByRole("button", { name: "Create portal link" }).click();
  assert.match(await page.getByLabel("Portal URL", { exact: true }).innerText(), /\/portal#token=svc_tk_/);

  assert.deepEqual(
    errors.filter((e) => !/status of 40[14]/.test(e)),
    [],
    "no script errors",
  );
});
