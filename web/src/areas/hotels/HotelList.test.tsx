import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import HotelList from "./HotelList.tsx";

/** The hotel list on the shared list screen: its selection belongs to the page on screen. */
const me = { code: "200", desc: "", data: { userId: 1, username: "admin", realname: "管理员", deptid: "", deptCodes: [""], branchid: 1, managelevel: 1 } };
const hotel = (id: number) => ({ id, hotelType: 1, hotelName: `酒店${id}`, address: "地址", roomCount: 1, franchiseStore: 0, useTicket: 0, idisplay: 1 });

function serve(c: Call) {
  const page = Number(c.body.currentPage);
  const size = Number(c.body.pageSize);
  const all = Array.from({ length: 30 }, (_, i) => hotel(30 - i));
  return {
    code: "200",
    desc: "",
    dataList: all.slice((page - 1) * size, page * size),
    pageParams: { maxCount: 30, currentPage: page, pageSize: size, maxPage: 2, sort: "sortOrder", order: "asc" as const, keyword: "", keyValue: "" },
  };
}

describe("hotel list", () => {
  it("never deletes a hotel selected on a page the user has left", { timeout: 20_000 }, async () => {
    const api = mockApi({
      "POST /xiangyu/api/hotel/hotellist": serve,
      "GET /gateway/api/manage/users/info": () => me,
      "POST /xiangyu/api/hotel/hoteldelete": () => ({ code: "200", desc: "删除成功" }),
    });
    renderScreen(<HotelList />, { screen: { params: { hotelType: "1" } } });
    await screen.findByText("酒店30");
    await userEvent.click(screen.getAllByRole("checkbox", { name: "选择" })[0]!);
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    await screen.findByText("酒店10");
    // The toolbar's bulk delete stands above the rows' own delete buttons.
    await userEvent.click(screen.getAllByRole("button", { name: "删除" })[0]!);
    expect(await screen.findByText("并没有选择删除项")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/xiangyu/api/hotel/hoteldelete")).toHaveLength(0);
    // The list asked by POST with the screen's hotel type, in list order.
    expect(api.last("POST /xiangyu/api/hotel/hotellist")!.body).toMatchObject({ hotelType: "1", currentPage: "2", sort: "sortOrder", order: "asc" });
  });
});
