import { describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { REGISTRY } from "../src/registry.ts";
import { AREAS } from "../src/manifest.ts";
import { loadArea } from "../src/loaders.ts";
import { MENU, MENU_MODULES } from "@xiangyu/core/platform/standardMenu";

/**
 * The area registry is the one hand list of areas (docs/decisions.md, "How an area is written"):
 * a new area is its core folder, its functions folder, its console folder and one registry line.
 * Everything else derives from it; these checks fail when a folder, the registry, the menu or the
 * console drift apart.
 */
const FUNCTIONS = join(import.meta.dirname, "../src");
const WEB_AREAS = join(import.meta.dirname, "../../../web/src/areas");
const folders = (dir: string, has: string[]) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && has.every((f) => existsSync(join(dir, e.name, f))))
    .map((e) => e.name);

describe("the area registry", () => {
  it("names every functions folder that holds routes.ts and handler.ts, and no other", () => {
    expect(Object.keys(REGISTRY).sort()).toEqual(folders(FUNCTIONS, ["routes.ts", "handler.ts"]).sort());
  });

  it("gives the manifest and the loaders every area, each handler where its name says", async () => {
    expect(Object.keys(AREAS).sort()).toEqual(Object.keys(REGISTRY).sort());
    expect(Object.keys(loadArea).sort()).toEqual(Object.keys(REGISTRY).sort());
    for (const [name, { handler }] of Object.entries(AREAS)) expect(handler).toBe(`packages/functions/src/${name}/handler.handler`);
    expect(typeof (await loadArea.website()).handler).toBe("function");
  });

  it("serves every module of the standard menu, and names no module the menu lacks", () => {
    const served = new Set<string>();
    for (const { routes } of Object.values(AREAS)) for (const def of Object.values(routes)) if (def.access.auth === "function") for (const m of def.access.modules) served.add(m);
    expect([...served].filter((m) => !(MENU_MODULES as readonly string[]).includes(m))).toEqual([]);
    expect(MENU_MODULES.filter((m) => !served.has(m))).toEqual([]);
    expect(new Set(MENU.map((f) => f.module))).toEqual(new Set(MENU_MODULES));
  });

  it("gives every console area with screens its chunk, so a new area's screens need no line outside its folder", () => {
    const withScreens = folders(WEB_AREAS, ["screens.ts"]);
    expect(withScreens.length).toBeGreaterThan(15);
    // The pages area's one screen (the designer) is a chunk of its own.
    expect(withScreens.filter((a) => a !== "pages" && !existsSync(join(WEB_AREAS, a, "chunk.ts")))).toEqual([]);
  });
});
