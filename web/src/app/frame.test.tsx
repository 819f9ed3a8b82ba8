import "@testing-library/jest-dom/vitest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { createQueryClient } from "../lib/query.ts";
import { createAppRouter } from "./router.tsx";

/** A screen that shows what the frame told it (registered below in place of the real registry). */
vi.mock("./screens.ts", async () => {
  const { useScreen } = await import("../lib/screen.tsx");
  const Probe = () => {
    const s = useScreen();
    return <pre data-testid="probe">{JSON.stringify(s)}</pre>;
  };
  const { tableSearch } = await import("../ui/list/tableState.ts");
  const search = tableSearch();
  return { SCREEN_SEARCH: search, SCREENS: { "/probe": { load: async () => ({ default: Probe }), search } } };
});

type Reply = { status?: number; body: unknown };
type Call = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; form: Record<string, string> };

/** A fetch stub answering by "METHOD /path"; a handler may answer with an HTTP status other than 200. */
function stubServer(routes: Record<string, (c: Call) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: (init.headers ?? {}) as Record<string, string>,
      form: init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {},
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new Error(`unexpected ${call.method} ${call.path}`);
    const r = route(call);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

const ok = (data: unknown = undefined, extra: object = {}): Reply => ({ body: { code: "200", desc: "", data, ...extra } });
const ME = {
  userId: 7,
  username: "zhang",
  realname: "张三",
  mobile: "",
  deptCodes: [""],
  roles: [{ id: 1, name: "客服" }],
  branchid: 12,
  branchname: "华南分公司",
  managelevel: 2,
};
const MENU = [
  {
    id: 1600,
    fatherid: 0,
    typename: "酒店管理",
    path: "",
    params: "",
    module: "hotels",
    children: [
      { id: 1601, fatherid: 1600, typename: "会员酒店", path: "/hotel/hotel", params: "hotelType=1", module: "hotels", children: [] },
      { id: 1699, fatherid: 1600, typename: "探针", path: "/probe", params: "kind=a", module: "hotels", children: [] },
    ],
  },
];
const TENANT = { clientId: "xiangyu", clientSecret: "s3cret", scope: "all", systemName: "享域会员管理平台", bgimages: [], allowReg: 0, allowForgot: 1, colors: {} };

/** The usual lookups of a signed-in page. */
const baseRoutes = (over: Record<string, (c: Call) => Reply> = {}) => ({
  "GET /gateway/oauth/tenant": () => ok(TENANT),
  "GET /gateway/api/manage/users/info": () => ok(ME),
  "GET /gateway/api/manage/type/list": () => ok(undefined, { dataList: MENU }),
  "GET /gateway/api/manage/type/moduleinfo": () => ok({ id: 1601, typename: "会员酒店" }),
  "GET /gateway/api/manage/appcenter/right/1601": () => ok({ a: true, d: false, e: true, p: false, r: false, s: false }),
  "GET /gateway/api/manage/appcenter/right/1699": () => ok({ a: false, d: true, e: false, p: false, r: true, s: false }),
  "GET /gateway/api/manage/workbench/todos": () => ok(undefined, { dataList: [] }),
  ...over,
});

function renderApp(hash: string) {
  window.location.hash = hash;
  const qc = createQueryClient();
  const router = createAppRouter(qc);
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  window.scrollTo = () => {};
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the frame", () => {
  it("finds its tenant by the host it was opened on, signs in with that tenant's clientId and names it on every request", async () => {
    const calls = stubServer(
      baseRoutes({
        "GET /gateway/oauth/tenant": (c) =>
          c.query.domain === location.host ? ok({ ...TENANT, clientId: "yunqi", clientSecret: "yq", systemName: "云栖度假" }) : { body: { code: "404", desc: "?" } },
        "POST /gateway/oauth/login": () => ok({ access_token: "tok-1", token_type: "bearer", expires_in: 7200 }),
      }),
    );
    renderApp("#/login");
    expect(await screen.findByRole("heading", { name: "云栖度假" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "pw-1{Enter}");
    await screen.findByRole("heading", { name: /张三/ });
    expect(calls.find((c) => c.path === "/gateway/oauth/login")?.form).toMatchObject({ client_id: "yunqi", client_secret: "yq" });
    const signedIn = calls.filter((c) => c.headers.Authorization === "Bearer tok-1");
    expect(signedIn.length).toBeGreaterThan(0);
    for (const c of signedIn) expect(c.headers.appId, c.path).toBe("yunqi");
  });

  it("says so, and offers no login form, on a host no tenant binds", async () => {
    stubServer(baseRoutes({ "GET /gateway/oauth/tenant": () => ({ body: { code: "404", desc: "当前访问地址未绑定任何平台，请检查网址或联系管理员" } }) }));
    renderApp("#/login");
    expect(await screen.findByText("当前访问地址未绑定任何平台，请检查网址或联系管理员")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "登 录" })).toBeNull();
  });

  it("sends a visitor without a session to login, then to where they were going", async () => {
    const calls = stubServer(baseRoutes({ "POST /gateway/oauth/login": () => ok({ access_token: "tok-1", token_type: "bearer", expires_in: 7200 }) }));
    renderApp("#/hotel/hotel?functionId=1601&hotelType=1");
    await screen.findByRole("button", { name: "登 录" });
    expect(window.location.hash).toMatch(/^#\/login\?redirect=/);
    expect(screen.getByRole("link", { name: "忘记密码" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "注册账号" })).toBeNull();

    await userEvent.type(screen.getByLabelText("用户名"), "zhang");
    await userEvent.type(screen.getByLabelText("密码"), "pw-1{Enter}");

    expect(await screen.findByRole("heading", { name: "会员酒店" })).toBeInTheDocument();
    expect(screen.getByText("该功能正在建设中")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/gateway/oauth/login")?.form).toEqual({
      grant_type: "password",
      client_id: "xiangyu",
      client_secret: "s3cret",
      scope: "all",
      username: "zhang",
      password: "pw-1",
    });
    // Every request of the screen carries its function id, the bearer token, the branch and the app id.
    const info = calls.find((c) => c.path === "/gateway/api/manage/type/moduleinfo")!;
    expect(info.headers).toEqual({ appId: "xiangyu", Authorization: "Bearer tok-1", functionId: "1601", branchId: "12" });
  });

  it("gives a screen its function id, title, rights and own parameters", async () => {
    localStorage.setItem("xy.token", "tok-1");
    stubServer(baseRoutes({ "GET /gateway/api/manage/type/moduleinfo": () => ok({ id: 1699, typename: "探针" }) }));
    renderApp("#/probe?functionId=1699&kind=a&page=2");
    const probe = JSON.parse((await screen.findByTestId("probe")).textContent!);
    expect(probe).toEqual({ functionId: 1699, title: "探针", rights: { a: false, d: true, e: false, p: false, r: true, s: false }, params: { kind: "a", page: "2" } });
    expect(screen.getByRole("heading", { name: "探针" })).toBeInTheDocument();
    expect(document.title).toBe("探针 - 享域会员管理平台");
  });

  it("on a 401 shows the login page with the notice and returns after login", async () => {
    localStorage.setItem("xy.token", "old");
    let expired = true;
    stubServer(
      baseRoutes({
        "GET /gateway/api/manage/users/info": () => (expired ? { status: 401, body: {} } : ok(ME)),
        "POST /gateway/oauth/login": () => {
          expired = false;
          return ok({ access_token: "new", token_type: "bearer", expires_in: 7200 });
        },
      }),
    );
    renderApp("#/hotel/hotel?functionId=1601&hotelType=1");
    expect(await screen.findByText("登录已过期，请重新登录")).toBeInTheDocument();
    expect(localStorage.getItem("xy.token")).toBeNull();

    await userEvent.type(screen.getByLabelText("用户名"), "zhang");
    await userEvent.type(screen.getByLabelText("密码"), "pw{Enter}");
    expect(await screen.findByRole("heading", { name: "会员酒店" })).toBeInTheDocument();
    expect(window.location.hash).toBe("#/hotel/hotel?functionId=1601&hotelType=1");
  });

  it("on a 403 shows /noRight", async () => {
    localStorage.setItem("xy.token", "tok-1");
    stubServer(baseRoutes({ "GET /gateway/api/manage/type/moduleinfo": () => ({ status: 403, body: {} }) }));
    renderApp("#/hotel/hotel?functionId=1601");
    expect(await screen.findByText("你没有访问该模块的权限")).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe("#/noRight"));
  });

  it("opens a bare path by the function id of its menu entry", async () => {
    localStorage.setItem("xy.token", "tok-1");
    stubServer(baseRoutes());
    renderApp("#/hotel/hotel");
    expect(await screen.findByRole("heading", { name: "会员酒店" })).toBeInTheDocument();
    expect(window.location.hash).toBe("#/hotel/hotel?functionId=1601");
  });

  it("shows only the menu the server gave, and the homepage overview", async () => {
    localStorage.setItem("xy.token", "tok-1");
    stubServer(baseRoutes());
    renderApp("#/");
    expect(await screen.findByRole("heading", { name: /，张三$/ })).toBeInTheDocument();
    expect(window.location.hash).toBe("#/homepage");
    expect(screen.getAllByText("华南分公司").length).toBeGreaterThan(0);
    const nav = screen.getByRole("navigation", { name: "功能菜单" });
    await userEvent.click(await screen.findByRole("button", { name: "酒店管理" }));
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["首页", "会员酒店建设中", "探针"]);
  });

  it("changes the own password: checks the confirmation, shows a refusal, and ends at login on success", { timeout: 30_000 }, async () => {
    localStorage.setItem("xy.token", "tok-1");
    let accept = false;
    const calls = stubServer(
      baseRoutes({
        "POST /gateway/api/manage/users/changepassword": () => (accept ? ok(undefined, { desc: "密码已修改，请重新登录" }) : { body: { code: "400", desc: "原密码不正确" } }),
      }),
    );
    renderApp("#/homepage");
    // Clicked as soon as the name shows: a click before the menu's own chunk came opens it once it has.
    await userEvent.click(await screen.findByRole("button", { name: /张三/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "修改密码" }, { timeout: 10_000 }));
    await userEvent.type(await screen.findByLabelText("原密码"), "old-1");
    await userEvent.type(screen.getByLabelText("新密码"), "Newpass123");
    await userEvent.type(screen.getByLabelText("确认新密码"), "Newpass124{Enter}");
    expect(await screen.findByText("两次输入的新密码不一致")).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith("/changepassword"))).toBe(false);

    await userEvent.clear(screen.getByLabelText("确认新密码"));
    await userEvent.type(screen.getByLabelText("确认新密码"), "Newpass123{Enter}");
    // Beside the fields (the policy's words stay readable) and in the toast.
    await waitFor(() => expect(within(screen.getByRole("dialog", { name: "修改密码" })).getByRole("alert")).toHaveTextContent("原密码不正确"));
    expect(calls.find((c) => c.path.endsWith("/changepassword"))?.form).toEqual({ oldPassword: "old-1", newPassword: "Newpass123" });

    accept = true;
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("密码已修改，请重新登录")).toBeInTheDocument();
    await screen.findByRole("button", { name: "登 录" });
    expect(localStorage.getItem("xy.token")).toBeNull();
  });

  it("asks for nothing the server refuses while the initial password must be changed: no menu, page or rights, no /noRight", async () => {
    localStorage.setItem("xy.token", "tok-1");
    // The server's answer to every other route of such a session (http/app.ts MUST_CHANGE_FIRST).
    const refused = (): Reply => ({ status: 403, body: { code: "403", desc: "请先修改初始密码" } });
    const calls = stubServer(
      baseRoutes({
        "GET /gateway/api/manage/users/info": () => ok({ ...ME, mustChangePassword: 1 }),
        "GET /gateway/api/manage/type/list": refused,
        "GET /gateway/api/manage/type/moduleinfo": refused,
        "GET /gateway/api/manage/appcenter/right/1601": refused,
      }),
    );
    renderApp("#/hotel/hotel?functionId=1601&hotelType=1");
    expect(await screen.findByRole("dialog", { name: "首次登录请修改密码" })).toBeInTheDocument();
    // Give any stray request and its redirect the time to happen.
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.map((c) => c.path).filter((p) => p !== "/gateway/oauth/tenant")).toEqual(["/gateway/api/manage/users/info"]);
    expect(screen.queryByText("菜单读取出错")).toBeNull();
    expect(screen.queryByText("你没有访问该模块的权限")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "功能菜单" })).toBeNull();
    expect(window.location.hash).toBe("#/hotel/hotel?functionId=1601&hotelType=1");
  });

  it("asks a user whose password someone else set to change it first, and offers no way around it but signing out", async () => {
    localStorage.setItem("xy.token", "tok-1");
    const calls = stubServer(
      baseRoutes({
        "GET /gateway/api/manage/users/info": () => ok({ ...ME, mustChangePassword: 1 }),
        "POST /gateway/api/manage/users/changepassword": () => ({ body: { code: "400", desc: "新密码不能包含手机号" } }),
        "POST /gateway/oauth/logout": () => ok(undefined),
      }),
    );
    renderApp("#/homepage");
    const dialog = await screen.findByRole("dialog", { name: "首次登录请修改密码" });
    expect(within(dialog).queryByRole("button", { name: "取消" })).toBeNull();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "首次登录请修改密码" })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("原密码"), "Initial#2026x");
    await userEvent.type(within(dialog).getByLabelText("新密码"), "a13800000000");
    await userEvent.type(within(dialog).getByLabelText("确认新密码"), "a13800000000{Enter}");
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent("新密码不能包含手机号"));
    await userEvent.click(within(dialog).getByRole("button", { name: "退出登录" }));
    await screen.findByRole("button", { name: "登 录" });
    expect(calls.some((c) => c.path === "/gateway/oauth/logout")).toBe(true);
    expect(localStorage.getItem("xy.token")).toBeNull();
  });
});
