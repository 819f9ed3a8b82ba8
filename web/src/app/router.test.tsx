import { afterEach, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { session } from "../lib/api.ts";
import { createAppRouter } from "./router.tsx";
import { DEFAULT_COLORS, tenantQuery, type Tenant } from "./tenant.ts";

/** The address a screen opens with is validated by its route, with the registry's schema for it. */
async function open(hash: string) {
  session.token = "t";
  window.location.hash = hash;
  const queryClient = new QueryClient();
  // The signed-in routes load the tenant first (by host); these tests are about the address, so it is known.
  queryClient.setQueryData(tenantQuery.queryKey, {
    clientId: "xiangyu",
    clientSecret: "s",
    scope: "all",
    systemName: "享域",
    sysHomePage: "",
    loginLogo: "",
    copyright: "",
    bgimages: [],
    allowReg: 0,
    allowForgot: 0,
    colors: DEFAULT_COLORS,
  } satisfies Tenant);
  const router = createAppRouter(queryClient);
  await router.load();
  const match = router.state.matches.at(-1)!;
  const defined = Object.fromEntries(Object.entries(match.search as Record<string, unknown>).filter(([, x]) => x !== undefined));
  return { routeId: match.routeId, search: defined };
}

afterEach(() => {
  session.token = null;
  window.location.hash = "";
});

describe("a screen's address", () => {
  it("is validated by the registered screen's own route: an invalid page or size reads as absent", async () => {
    const r = await open("#/hotel/hotel?functionId=1201&page=abc&size=7&hotelType=1");
    expect(r.routeId).toBe("/app/hotel/hotel");
    expect(r.search).toEqual({ functionId: "1201", hotelType: "1" });
  });

  it("corrects ?page=abc&size=99999 in the route: the search the screen is handed holds neither", async () => {
    const r = await open("#/hotel/hotelstatus?functionId=1202&page=abc&size=99999&order=sideways");
    expect(r.routeId).toBe("/app/hotel/hotelstatus");
    expect(r.search).toEqual({ functionId: "1202" });
  });

  it("replaces the address with the corrected one, so the bar and a bookmark show what the screen does", async () => {
    await open("#/hotel/hotel?functionId=1201&page=abc&size=99999&hotelType=1");
    expect(window.location.hash).toBe("#/hotel/hotel?functionId=1201&hotelType=1");
  });

  it("leaves a valid address as it was written, in its own order", async () => {
    await open("#/hotel/hotel?functionId=1201&size=50&page=2");
    expect(window.location.hash).toBe("#/hotel/hotel?functionId=1201&size=50&page=2");
  });

  it("matches a registered screen whatever the case of its address, like the registry", async () => {
    const r = await open("#/Hotel/Hotel?functionId=1201&size=1000");
    expect(r.routeId).toBe("/app/hotel/hotel");
    expect(r.search).toEqual({ functionId: "1201" });
  });

  it("keeps valid list values as the plain strings of the address", async () => {
    const r = await open("#/hotel/hotel?functionId=1201&page=3&size=50&order=asc&keyword=%E5%8D%8E");
    expect(r.search).toEqual({ functionId: "1201", page: "3", size: "50", order: "asc", keyword: "华" });
  });

  it("validates an unregistered path with the generic list schema", async () => {
    const r = await open("#/some/screen?functionId=9&page=-1&size=100");
    expect(r.routeId).toBe("/app/$");
    expect(r.search).toEqual({ functionId: "9", size: "100" });
  });
});
