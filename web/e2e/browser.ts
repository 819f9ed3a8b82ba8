import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Debian's Chromium, headless, with the flags of docs/architecture.md's test machines, speaking English
 * (issue 12): staff browsers are not always Chinese, and the console must show only Chinese dates and
 * messages whatever the browser's language.
 */
export const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.XY_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--lang=en-US", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });

/**
 * A page that remembers every console error and uncaught exception it sees (`errors`), and, for the
 * report of a failed test, the API calls it has sent and not yet had answered (`pending`), the last
 * ones answered (`answered`: status and time) and the requests that failed (`failed`: a navigation
 * aborting a fetch is one, so they are not errors).
 */
export type WatchedPage = Page & { errors: string[]; pending: Map<Request, number>; answered: string[]; failed: string[] };

const isApi = (r: Request) => r.url().includes("/xiangyu/api/") || r.url().includes("/gateway/");
const callOf = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}`;
const clock = (t: number) => new Date(t).toISOString().slice(11, 23);

export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = (await context.newPage()) as WatchedPage;
  page.errors = [];
  page.pending = new Map();
  page.answered = [];
  page.failed = [];
  page.on("console", (m) => {
    if (m.type() === "error") page.errors.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on("pageerror", (e) => page.errors.push(`uncaught: ${e.message}`));
  page.on("request", (r) => {
    if (isApi(r)) page.pending.set(r, Date.now());
  });
  page.on("requestfinished", async (r) => {
    const sent = page.pending.get(r);
    if (sent === undefined) return;
    page.pending.delete(r);
    const status = (await r.response().catch(() => null))?.status() ?? "?";
    page.answered.push(`${clock(sent)} ${callOf(r)} → ${status} in ${Date.now() - sent} ms`);
    if (page.answered.length > 12) page.answered.shift();
  });
  page.on("requestfailed", (r) => {
    page.pending.delete(r);
    page.failed.push(`${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  return page;
}

/**
 * What each page of a failed test showed (its address, open dialogs, API calls unanswered and last
 * answered, errors) on stderr and in `screenshots/failures.txt`, which .ci/run prints beside its
 * total (the end of a CI log is what is read), and a screenshot of it: a browser test that fails
 * once in many runs on a loaded CI machine is understood from its log or not at all.
 */
async function reportFailure(pages: WatchedPage[], test: string, attempt: number) {
  const slug = `${test.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 60)}-try${attempt}`;
  for (const [i, page] of pages.entries()) {
    if (page.isClosed()) continue;
    // Every dialog in the page, also one hidden from the accessibility tree (which getByRole skips).
    const dialogs = await page
      .locator("[role=dialog]")
      .evaluateAll((ds) =>
        ds.map((d) => {
          const hidden = d.closest("[aria-hidden=true], [inert]") ? " (hidden: aria-hidden or inert)" : "";
          return `${d.querySelector("h2,h3")?.textContent ?? "?"}${hidden}: ${(d.textContent ?? "").replace(/\s+/g, " ").slice(0, 300)}`;
        }),
      )
      .catch((e: Error) => [`(not read: ${e.message})`]);
    // What the page has hidden from the accessibility tree (a modal dialog may hide the rest of the page;
    // Headless UI's modals here do not, session 29), where a locator by role finds nothing.
    const shaded = await page
      .evaluate(() =>
        [...document.querySelectorAll("[aria-hidden=true], [inert]")]
          .filter((e) => (e.textContent ?? "").trim().length >= 8 && !e.parentElement?.closest("[aria-hidden=true], [inert]"))
          .map((e) => `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}> "${(e.textContent ?? "").replace(/\s+/g, " ").slice(0, 40)}"`),
      )
      .catch((e: Error) => [`(not read: ${e.message})`]);
    const now = Date.now();
    const pending = [...page.pending].map(([r, t]) => `${callOf(r)} sent ${clock(t)}, for ${now - t} ms`);
    const report = [
      `── page ${i + 1} of failed test "${test}" (try ${attempt}) at ${clock(now)}: ${page.url()}`,
      `dialogs: ${dialogs.join(" | ") || "none"}`,
      `hidden from the accessibility tree: ${shaded.join(", ") || "nothing"}`,
      `unanswered API calls: ${pending.join(", ") || "none"}`,
      `last answered: ${page.answered.join(", ") || "none"}`,
      `failed requests: ${page.failed.slice(-10).join(", ") || "none"}`,
      `errors: ${page.errors.join(" | ") || "none"}`,
    ].join("\n");
    console.error(report);
    appendFileSync(join(SHOTS, "failures.txt"), `${report}\n`);
    await page.screenshot({ path: join(SHOTS, `failed-${slug}-${i + 1}.png`) }).catch(() => undefined);
  }
}

export const newContext = (browser: Browser, baseURL: string) =>
  browser.newContext({ baseURL, viewport: { width: 1366, height: 800 }, locale: "en-US", timezoneId: "Asia/Shanghai" });

const SHOTS = join(import.meta.dirname, "screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Saved for people to look at (git-ignored). */
export const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

/**
 * One browser for the test file that calls this (at its top): launched before its tests, closed
 * after them. Each page gets a fresh profile (no token, no cache), so tests do not share a session.
 */
export function browserForFile(baseURL: string) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  let pages: WatchedPage[] = [];
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await reportFailure(pages, ctx.task.name, (ctx.task.result.retryCount ?? 0) + 1);
    pages = [];
  });
  afterAll(async () => {
    await browser?.close();
  });
  const freshPage = async (): Promise<WatchedPage> => {
    const page = await openPage(await newContext(browser!, baseURL));
    pages.push(page);
    return page;
  };
  return {
    freshPage,
    /** A fresh page logged in as `user` through the login page. */
    async loggedIn(user: { username: string; password: string }): Promise<WatchedPage> {
      const page = await freshPage();
      await page.goto("/#/login");
      await logIn(page, user);
      return page;
    },
  };
}

/** The session token the console keeps after login (null when logged out). */
export const sessionToken = (page: Page) => page.evaluate(() => localStorage.getItem("xy.token"));

/** The screen has finished its own lookups: no "reading data" notice left in the content. */
export const settled = (page: Page) => page.waitForFunction(() => !document.querySelector("main")?.textContent?.includes("正在读取数据"), undefined, { timeout: 15_000 });

/** Waits for a toast (or any text) shown exactly so. */
export const toastShown = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Logs in through the login form (Enter submits) and waits for the page that follows. */
export async function logIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel("用户名").fill(user.username);
  await page.getByLabel("密码", { exact: true }).fill(user.password);
  await page.getByLabel("密码", { exact: true }).press("Enter");
  await page.waitForURL((u) => !u.hash.startsWith("#/login"));
}

/** Opens a left-menu entry: its folder first (when closed), then the entry. */
export async function openMenu(page: Page, folder: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "功能菜单" });
  const toggle = nav.getByRole("button", { name: folder, exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

/** The frame's page title above a screen. */
export const screenTitle = (page: Page) => page.locator("main h1").first();

/** Opens a screen from the left menu and waits until its title shows and its first reads are in. */
export async function openScreen(page: Page, folder: string, entry: string) {
  await openMenu(page, folder, entry);
  await expect.poll(() => screenTitle(page).textContent()).toBe(entry);
  await settled(page);
}

/** Element ids found more than once on the page (a page must hold each id once: labels, aria references). */
export const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const e of document.querySelectorAll("[id]")) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  });
