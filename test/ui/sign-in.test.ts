// Browser sign-in (spec "Browser sign-in"): the master key is exchanged for a browser token and stored nowhere;
// sign out revokes the token; invite links sign in once and leave the address bar; without a master key the
// dashboard opens with a warning.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertAccessible, launchBrowser, openPage, screenshot } from "../helpers/browser.ts";
import { assertNoKey, browserState } from "../helpers/dashboard.ts";
import { startTestService, TEST_API_KEY } from "../helpers/service.ts";

test("the master key becomes a revocable browser token, is kept nowhere, and sign out revokes the token", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);

  await page.goto(`${svc.url}/consumers`);
  await page.getByLabel("API key").fill("not-the-key");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "not accepted" }).waitFor();

  await page.getByLabel("API key").fill(TEST_API_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Consumers", exact: true }).waitFor();
  const state = await browserState(page);
  assertNoKey(state);
  assert.match(state, /svc_tk_/, "the browser token is what is kept");
  assert.equal(new URL(page.url()).hash, "");

  const tokens = (await svc.rest("GET", "/v1/tokens")).body.tokens;
  const browserToken = tokens.find((tk: { name: string }) => tk.name.startsWith("browser: dashboard ("));
  assert.ok(
    browserToken,
    `a named browser token exists: ${JSON.stringify(tokens.map((tk: { name: string }) => tk.name))}`,
  );
  // Reload: still signed in with the kept token.
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Consumers", exact: true }).waitFor();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("API key").waitFor();
  const after = (await svc.rest("GET", "/v1/tokens?include_inactive=true")).body.tokens.find(
    (tk: { id: string }) => tk.id === browserToken.id,
  );
  assert.equal(after.status, "revoked");
  assert.doesNotMatch(await browserState(page), /svc_tk_/, "the token is forgotten");
});

test("an invite link signs in once and is removed from the address bar; a used one shows why it fails", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const invite = (await svc.rest("POST", "/v1/invites", { name: "alice" })).body;
  assert.match(invite.path, /^\/#invite=svc_inv_/);
  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await page.goto(svc.url + invite.path);
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  await page.getByText("Invite accepted").waitFor();
  assert.equal(new URL(page.url()).hash, "", "the invite left the address bar");
  assert.doesNotMatch(await browserState(page), /svc_inv_/);
  const listed = (await svc.rest("GET", "/v1/invites?include_inactive=true")).body.invites.find(
    (i: { id: string }) => i.id === invite.id,
  );
  assert.equal(listed.status, "redeemed");

  const second = await openPage(browser);
  await second.page.goto(svc.url + invite.path);
  await second.page.getByText(/This invite link cannot be used/).waitFor();
  await second.page.getByLabel("API key").waitFor();
  await assertAccessible(second.page, "used invite");
  await screenshot(second.page, "sign-in-used-invite-desktop");
});

test("with authentication disabled the dashboard opens without sign-in and shows a warning banner", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true", SVC_API_KEY: "" } });
  const browser = await launchBrowser(t);
  const { page } = await openPage(browser, { colorScheme: "dark" });
  await page.goto(`${svc.url}/`);
  await page.getByRole("heading", { level: 1, name: "Overview", exact: true }).waitFor();
  await page.getByText("Authentication is disabled.").waitFor();
  assert.equal(await page.getByRole("button", { name: "Sign out" }).count(), 0);
  await assertAccessible(page, "overview without auth (dark)");
  await screenshot(page, "overview-auth-disabled-dark");
});
