import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderScreen } from "../../ui/test-utils.tsx";
import { COLLAPSED_KEY, Sidebar } from "./Sidebar.tsx";

const MENU = [
  {
    id: 1600,
    fatherid: 0,
    typename: "酒店管理",
    path: "",
    params: "",
    module: "hotels",
    children: [
      // Registered in screens.ts.
      { id: 1601, fatherid: 1600, typename: "会员酒店", path: "/hotel/hotel", params: "hotelType=1", module: "hotels", children: [] },
      // No screen registered for this path.
      { id: 1690, fatherid: 1600, typename: "酒店报表", path: "/hotel/not-built-yet", params: "", module: "hotels", children: [] },
    ],
  },
  {
    id: 1800,
    fatherid: 0,
    typename: "系统设置",
    path: "",
    params: "",
    module: "auth",
    children: [{ id: 1801, fatherid: 1800, typename: "操作日志", path: "/oplog", params: "", module: "auth", children: [] }],
  },
];

const serveMenu = () => mockApi({ "GET /gateway/api/manage/type/list": () => ({ code: "200", desc: "", dataList: MENU }) as never });
const nav = () => screen.getByRole("navigation", { name: "功能菜单" });

describe("Sidebar", () => {
  it("folds and unfolds its groups", async () => {
    serveMenu();
    renderScreen(<Sidebar />);
    const hotels = await screen.findByRole("button", { name: "酒店管理" });
    expect(hotels).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: /会员酒店/ })).toBeNull();
    await userEvent.click(hotels);
    expect(hotels).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "会员酒店" })).toBeInTheDocument();
    await userEvent.click(hotels);
    expect(screen.queryByRole("link", { name: /会员酒店/ })).toBeNull();
  });

  it("marks the entries whose screen is not built yet", async () => {
    serveMenu();
    renderScreen(<Sidebar />);
    await userEvent.click(await screen.findByRole("button", { name: "酒店管理" }));
    const later = screen.getByRole("link", { name: /酒店报表/ });
    expect(later).toHaveTextContent("酒店报表建设中");
    // The link keeps the entry's name; the mark is its description.
    expect(screen.getByRole("link", { name: "酒店报表" })).toBe(later);
    expect(later).toHaveAccessibleDescription("该功能正在建设中");
    const built = screen.getByRole("link", { name: "会员酒店" });
    expect(within(built).queryByText("建设中")).toBeNull();
    expect(built).not.toHaveAttribute("title");
  });

  it("collapses to an icon rail, remembers it, and opens again at a folder chosen on the rail", async () => {
    serveMenu();
    const first = renderScreen(<Sidebar />);
    await screen.findByRole("button", { name: "酒店管理" });
    await userEvent.click(screen.getByRole("button", { name: "收起菜单" }));
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe("1");
    // The rail: one letter per folder, named for screen readers, no entry texts.
    expect(nav()).toHaveTextContent(/^酒系$/);
    expect(screen.getByRole("button", { name: "展开菜单" })).toHaveAttribute("aria-expanded", "false");
    first.unmount();

    // A new page (a reload) starts folded.
    serveMenu();
    renderScreen(<Sidebar />);
    const rail = await within(await screen.findByRole("navigation", { name: "功能菜单" })).findByRole("button", { name: "系统设置" });
    expect(screen.queryByRole("button", { name: "收起菜单" })).toBeNull();
    await userEvent.click(rail);
    expect(localStorage.getItem(COLLAPSED_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "系统设置" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "操作日志" })).toBeInTheDocument();
  });
});
