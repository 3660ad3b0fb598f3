// The dashboard's Access page over more tokens than fit a page: the tokens list pages on the server, its offset
// kept in the query string, while the invites list keeps its own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { launchBrowser, openPage, screenshot } from "../helpers/browser.ts";
import { signInWithMasterKey } from "../helpers/dashboard.ts";
import { startTestService } from "../helpers/service.ts";
import { waitUntil } from "../helpers/wait.ts";

test("access: 60 tokens are shown 50 at a time with Previous and Next; invites page separately", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  for (let i = 0; i < 59; i++)
    assert.equal((await svc.rest("POST", "/v1/tokens", { name: `deploy ${String(i).padStart(2, "0")}` })).status, 201);
  assert.equal((await svc.rest("POST", "/v1/invites", { name: "a teammate" })).status, 201);

  const browser = await launchBrowser(t);
  const { page } = await openPage(browser);
  await signInWithMasterKey(page, svc.url, "/access");
  // 59 tokens made here plus the browser's own sign-in token.
  const tokens = page.getByRole("region", { name: "Tokens" });
  const rows = tokens.locator("tbody tr");
  await waitUntil(async () => (await rows.count()) === 50);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  assert.equal(await pager.count(), 1, "only the tokens list has more than a page");
  await pager.getByText("1–50 of 60").waitFor();
  await tokens.getByText("deploy 58").waitFor();
  await pager.getByRole("button", { name: "Next" }).click();
  await page.waitForURL(/tokens_offset=50/);
  // The list's start is brought back into view, below the sticky header.
  await waitUntil(async () => (await page.getByRole("heading", { name: "Tokens" }).boundingBox())!.y > 50);
  assert.ok((await page.evaluate(() => window.scrollY)) > 0, "the page scrolled up to the list, not to the very top");
  await waitUntil(async () => (await rows.count()) === 10);
  await pager.getByText("51–60 of 60").waitFor();
  await tokens.getByText("deploy 00").waitFor();
  assert.equal(await pager.getByRole("button", { name: "Next" }).isDisabled(), true);
  assert.equal(await page.getByRole("region", { name: "Invites" }).locator("tbody tr").count(), 1);
  await screenshot(page, "access-tokens-page-2-desktop");
  await pager.getByRole("button", { name: "Previous" }).click();
  await waitUntil(async () => (await rows.count()) === 50);
});
