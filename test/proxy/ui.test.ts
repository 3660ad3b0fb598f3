// The dashboard and the consumer portal in headless Chromium under https://…/svc/ through the shipped nginx prefix
// configuration: sign-in, navigation, deep links and reloads work, nothing answers 404, and the browser requests
// nothing outside the prefix.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, launchBrowser, screenshot } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { freePort, shippedNginx } from "./setup.ts";

test("dashboard and portal under /svc/ behind nginx", async (t) => {
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  const publicUrl = `${origin}/svc`;
  const svc = await startTestService(t, {
    env: {
      ENVIRONMENT: "production",
      SVC_SERVE_UI: "true",
      SVC_TRUSTED_PROXIES: "127.0.0.1/32",
      SVC_PUBLIC_URL: publicUrl,
    },
  });
  await shippedNginx(t, { file: "svc-prefix.conf", upstream: new URL(svc.url).host, server: "example.com", port });

  const hook = (await startReceiver(t)).path("/orders");
  await svc.rpc("EventService", "RegisterEvent", { name: "order.created" });
  const { webhook_id: webhookId } = await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.created"],
  });

  const browser = await launchBrowser(t);
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP });
  t.after(() => context.close());
  const outside: string[] = [];
  let embedderOrigin: string | undefined;
  const failed: string[] = [];
  const errors: string[] = [];
  context.on("request", (req) => {
    const url = req.url();
    const svcs = url.startsWith(`${publicUrl}/`) || url === publicUrl;
    if (!svcs && !(embedderOrigin && url.startsWith(`${embedderOrigin}/`)) && !/^(about|data|blob):/.test(url))
      outside.push(url);
  });
  // A request the page itself dropped by navigating or reloading (ERR_ABORTED) did not fail.
  context.on("requestfailed", (req) => {
    const reason = req.failure()?.errorText ?? "";
    if (reason !== "net::ERR_ABORTED") failed.push(`${reason} ${req.url()}`);
  });
  context.on("response", (res) => {
    if (res.status() === 404) failed.push(`${res.status()} ${res.url()}`);
  });
  const watch = (page: Page) => {
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    // The dashboard's first call before sign-in is answered 401 by design; Chromium logs every 4xx as an error.
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 401/.test(msg.text())) errors.push(`console: ${msg.text()}`);
    });
  };

  await t.test("the dashboard: sign-in, links, a deep link and its reload stay under /svc/", async () => {
    const page = await context.newPage();
    watch(page);
    await signInWithMasterKey(page, publicUrl, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("link", { name: hook.url }).click();
    await page.waitForURL(`${publicUrl}/consumers/default/webhooks/${webhookId}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.reload();
    await page.getByText(hook.url).first().waitFor();
    assert.equal(new URL(page.url()).pathname, `/svc/consumers/default/webhooks/${webhookId}`);
    await page.goto(`${publicUrl}/event-types`);
    await page.getByRole("link", { name: "order.created" }).waitFor();
    await screenshot(page, "proxy-dashboard-under-prefix");
    await page.close();
  });

  await t.test("the portal from its absolute link, embedded in another page", async (st) => {
    const minted = await svc.rest("POST", "/v1/tokens", { name: "portal", consumer: "default", ttl_seconds: 3600 });
    const portalUrl: string = minted.body.portal_url;
    assert.ok(portalUrl.startsWith(`${publicUrl}/portal#token=`), portalUrl);
    const page = await context.newPage();
    watch(page);
    // The operator's product on its own origin, embedding the portal.
    const embedder = createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          `<!doctype html><title>Shop</title><iframe title="Webhooks" src="${portalUrl}" width="1200" height="760"></iframe>`,
        ),
    );
    await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
    st.after(() => new Promise((resolve) => embedder.close(resolve)));
    embedderOrigin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
    await page.goto(`${embedderOrigin}/settings/webhooks`);
    const frame = page.frameLocator("iframe");
    await frame.getByRole("heading", { level: 1, name: "Endpoints" }).waitFor();
    await frame.getByRole("link", { name: hook.url }).click();
    await frame.getByRole("link", { name: "Edit" }).waitFor();
    const inner = page.frames().find((f) => f !== page.mainFrame());
    assert.equal(new URL(inner!.url()).pathname, `/svc/portal/webhooks/${webhookId}`);
    await screenshot(page, "proxy-portal-under-prefix");
    await page.close();
  });

  await t.test("no 404 and no request outside /svc/", () => {
    assert.deepEqual(failed, []);
    assert.deepEqual(outside, []);
    assert.deepEqual(errors, []);
  });
});
