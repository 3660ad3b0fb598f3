// Headless Chromium for UI tests through playwright-core, against a real running server. When no Chromium is
// installed the setup installs Debian's `chromium` package; if it still cannot launch, the test FAILS (never skips).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import assert from "node:assert/strict";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { Cleanup } from "./service.ts";

const run = promisify(execFile);
const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"];
const LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

export const SCREENSHOTS = join("test-results", "ui");
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

function installed(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  return CANDIDATES.find((path) => existsSync(path));
}

let installing: Promise<string> | undefined;

/** The Chromium binary; installs Debian's `chromium` (the machine is root) when none is there. */
export function chromiumPath(): Promise<string> {
  const found = installed();
  if (found) return Promise.resolve(found);
  installing ??= (async () => {
    // Concurrent test files wait for each other on dpkg's lock instead of failing on it.
    const apt = ["-o", "DPkg::Lock::Timeout=900", "-y", "-q"];
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      await run("apt-get", [...apt, "install", "chromium"], { env, maxBuffer: 64 * 1024 * 1024 });
    } catch {
      await run("apt-get", ["-o", "DPkg::Lock::Timeout=900", "-q", "update"], { env, maxBuffer: 64 * 1024 * 1024 });
      await run("apt-get", [...apt, "install", "chromium"], { env, maxBuffer: 64 * 1024 * 1024 });
    }
    const path = installed();
    if (!path) throw new Error("apt-get install chromium finished but no chromium binary was found");
    return path;
  })();
  return installing;
}

/** A launched browser, closed when the test (or file) ends. Throws — failing the test — when it cannot start. */
export async function launchBrowser(t: Cleanup): Promise<Browser> {
  const executablePath = await chromiumPath();
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true, timeout: 60_000 });
  t.after(() => browser.close());
  return browser;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

/** A fresh context (own storage) and page; console errors and failed requests are collected. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; requests: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("request", (req) => requests.push(req.url()));
  return { context, page, errors, requests };
}

let axeSource: Promise<string> | undefined;

/** Runs axe-core inside the page; fails on any serious or critical violation, naming each. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const source = await axeSource;
  // evaluate() is not subject to the page's CSP, so axe runs under the real policy.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad, [], `${label}: axe-core found serious or critical violations`);
}

/** Saves a full-page screenshot under test-results/ui/<name>.png (look at them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // From the top: a full-page capture of a scrolled page paints the sticky header where the viewport was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
