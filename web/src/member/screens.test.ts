import { describe, expect, it } from "vitest";
import { LINK_TARGETS, linkOf, memberScreenOf } from "@xiangyu/core/pages/links";
import { match } from "./router.ts";
import { SCREENS } from "./screens.ts";

/** Every place a designed page may link to (core pages/links.ts) has its screen in the member H5. */
describe("member H5 screens", () => {
  const screenOf = (path: string) => SCREENS.find((s) => match(s.pattern, path));

  it.each(LINK_TARGETS.map((t) => [t.label, t] as const))("%s opens a screen", (_label, target) => {
    const to = memberScreenOf(linkOf(target, target.param?.name === "code" ? "home" : 7));
    expect(to.kind).toBe("screen");
    if (to.kind !== "screen") return;
    expect(screenOf(to.screen), to.screen).toBeDefined();
  });

  it("opens former mini-program paths on today's screens, and nothing for unknown paths or bad parameters", () => {
    for (const old of ["/pages/voucher/list", "/pages/weeks/index", "/pages/activity/list", "/pages/search/index"]) {
      const to = memberScreenOf(old);
      expect(to.kind === "screen" && screenOf(to.screen)).toBeTruthy();
    }
    expect(memberScreenOf("/pages/nowhere").kind).toBe("none");
    expect(memberScreenOf("/pages/hotel/detail?id=abc").kind).toBe("none");
    expect(memberScreenOf("/pages/custom/index?code=../x").kind).toBe("none");
    expect(memberScreenOf("/xiangyu/api/goods/list").kind).toBe("none");
    expect(memberScreenOf("tel:4008001234")).toEqual({ kind: "external", href: "tel:4008001234" });
    expect(memberScreenOf("/pages/hotel/detail?id=12")).toMatchObject({ kind: "screen", screen: "/hotel/12" });
  });

  it("reads a route's parameters and refuses a path of another shape", () => {
    expect(match("/hotel/:id", "/hotel/12")).toEqual({ id: "12" });
    expect(match("/hotel/:id", "/hotel/")).toBeNull();
    expect(match("/hotel/:id", "/hotels")).toBeNull();
    expect(match("/", "/")).toEqual({});
  });
});
