import { describe, expect, inject, it } from "vitest";
import { browserForFile, screenTitle } from "./browser.ts";
import { ADMIN } from "./fixtures/users.ts";

/**
 * Opening a screen fetches everything it needs at once (issue 10): the title (moduleinfo), the
 * rights, the area's chunk and the first page of its list start before the title and the rights
 * have come back — no request waits for another.
 */
const baseURL = inject("baseURL");
const { loggedIn } = browserForFile(baseURL);

type Timing = { start: number; end?: number };

describe("opening a screen", () => {
  it("asks for title, rights, chunk and first page in parallel", async () => {
    const page = await loggedIn(ADMIN);
    await page.getByRole("heading", { name: new RegExp(`，${ADMIN.realname}$`) }).waitFor();
    const seen = new Map<string, Timing>();
    const name = (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith("/type/moduleinfo") && u.searchParams.get("functionId") === "1601") return "moduleinfo";
      if (u.pathname.endsWith("/appcenter/right/1601")) return "rights";
      if (/\/assets\/hotels-[\w-]+\.js$/.test(u.pathname)) return "chunk";
      if (u.pathname.endsWith("/hotel/hotellist")) return "list";
      return null;
    };
    page.on("request", (r) => {
      const n = name(r.url());
      if (n && !seen.has(n)) seen.set(n, { start: Date.now() });
    });
    page.on("requestfinished", (r) => {
      const n = name(r.url());
      const t = n ? seen.get(n) : undefined;
      if (t && t.end === undefined) t.end = Date.now();
    });

    await page.goto("/#/hotel/hotel?functionId=1601&hotelType=1");
    await expect(screenTitle(page).textContent()).resolves.toBe("会员酒店");
    await page.getByRole("table").getByRole("row").nth(1).waitFor();

    expect([...seen.keys()].sort()).toEqual(["chunk", "list", "moduleinfo", "rights"]);
    const { moduleinfo, rights, chunk, list } = Object.fromEntries(seen) as Record<string, Required<Timing>>;
    const firstAnswer = Math.min(moduleinfo.end, rights.end);
    // The chunk and the first page set off before either frame read had answered.
    expect(chunk.start).toBeLessThanOrEqual(firstAnswer);
    expect(list.start).toBeLessThanOrEqual(firstAnswer);
    expect(page.errors).toEqual([]);
  });
});
