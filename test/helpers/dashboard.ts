// Steps shared by the dashboard's browser tests: sign in through the form, read what the browser keeps.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { TEST_API_KEY } from "./service.ts";

/** Signs in with the master key through the sign-in form and waits for the app. */
export async function signInWithMasterKey(page: Page, url: string, path = "/"): Promise<void> {
  await page.goto(url + path);
  await page.getByLabel("API key").fill(TEST_API_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
}

/** Everything a page could keep: both storages, cookies and the address. */
export async function browserState(page: Page): Promise<string> {
  const stores = await page.evaluate(() =>
    JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
      href: location.href,
    }),
  );
  const cookies = JSON.stringify(await page.context().cookies());
  return stores + cookies;
}

export async function waitForText(page: Page, text: string | RegExp, timeoutMs = 15_000): Promise<void> {
  await page.getByText(text).first().waitFor({ timeout: timeoutMs });
}

export function assertNoKey(state: string, key = TEST_API_KEY): void {
  assert.ok(!state.includes(key), "the master key is stored nowhere in the browser");
}
