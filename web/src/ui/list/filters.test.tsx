import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderScreen } from "../test-utils.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { DateFilter, MonthFilter, StoreFilter, StyleParamFilter } from "./filters.tsx";
import type { OrgTreeNode } from "../pickers/OrgCascader.tsx";
import { useTableState } from "./useTableState.ts";

function Bar() {
  const [state, actions] = useTableState({ filters: ["infoType", "day", "month"] });
  return (
    <>
      <FilterBar state={state} actions={actions} keyword={{ placeholder: "标题" }}>
        <StyleParamFilter name="infoType" label="信息类型" styleen="infoType" />
        <DateFilter name="day" label="发布日期" />
        <MonthFilter name="month" label="月份" />
      </FilterBar>
      <output>{JSON.stringify(state.filters)}</output>
    </>
  );
}

describe("filters", () => {
  it("feeds a select from a style-parameter list and writes each filter to the address", { timeout: 20_000 }, async () => {
    const api = mockApi({
      "GET /gateway/api/manage/appcenter/styleparam/list": () => ({
        code: "200",
        desc: "",
        dataList: [
          { styleid: "news", stylename: "新闻" },
          { styleid: "activity", stylename: "活动" },
        ],
      }),
    });
    const r = renderScreen(<Bar />);
    const type = await screen.findByRole("combobox", { name: "信息类型" });
    await waitFor(() => expect(within(type).getByText("活动")).toBeInTheDocument());
    expect(api.calls[0].query).toEqual({ styleen: "infoType" });
    await userEvent.selectOptions(type, "activity");
    await waitFor(() => expect(r.search()).toEqual({ infoType: "activity" }));
    await userEvent.type(screen.getByLabelText("发布日期"), "2026-05-01");
    await waitFor(() => expect(r.search()).toMatchObject({ day: "2026-05-01" }));
    await userEvent.type(screen.getByLabelText("月份"), "2026-05");
    // The pickers' panels have live captions too: the list's state is the <output>.
    await waitFor(() => expect(document.querySelector("output")).toHaveTextContent('{"infoType":"activity","day":"2026-05-01","month":"2026-05"}'));
    // Their × empties the filter again.
    await userEvent.click(screen.getAllByRole("button", { name: "清除" })[0]);
    await waitFor(() => expect(r.search()).toEqual({ infoType: "activity", month: "2026-05" }));
  });
});

const tree: OrgTreeNode[] = [
  {
    id: 1,
    orgCode: "001",
    orgName: "华南分公司",
    parentId: 0,
    hasChild: true,
    children: [
      { id: 2, orgCode: "001001", orgName: "广州天河店", parentId: 1, hasChild: false, children: [] },
      { id: 3, orgCode: "001002", orgName: "深圳南山店", parentId: 1, hasChild: false, children: [] },
    ],
  },
  { id: 5, orgCode: "002", orgName: "华东分公司", parentId: 0, hasChild: false, children: [] },
];

function StoreBar() {
  const [state, actions] = useTableState({ filters: ["shop"] });
  return (
    <FilterBar state={state} actions={actions}>
      <StoreFilter name="shop" />
    </FilterBar>
  );
}

/** Opens the store filter and answers which of the tree's names can be chosen. */
async function choosable(me: Record<string, unknown>): Promise<string[]> {
  mockApi({
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }),
    "GET /gateway/api/manage/users/info": () => ({
      code: "200",
      desc: "",
      data: { userId: 9, username: "u", realname: "u", deptid: "001001", branchid: 1, managelevel: 3, ...me },
    }),
  });
  renderScreen(<StoreBar />);
  const field = await screen.findByRole("button", { name: "门店" });
  await waitFor(() => expect(field).not.toHaveAttribute("aria-busy"));
  await userEvent.click(field);
  await userEvent.click(await screen.findByRole("option", { name: "华南分公司" }));
  return screen
    .getAllByRole("option")
    .filter((o) => o.getAttribute("aria-disabled") !== "true")
    .map((o) => o.textContent!.replace("›", ""));
}

describe("the store filter follows the data scope (users/info reachCodes)", { timeout: 20_000 }, () => {
  it("本分公司数据: a store user chooses their whole branch, its stores, nothing of another branch, no 全部", async () => {
    expect(await choosable({ deptCodes: ["001001"], reachCodes: ["001"], reachExact: 0 })).toEqual(["华南分公司", "广州天河店", "深圳南山店"]);
  });

  it("仅本部门数据: a branch user chooses the branch itself, none of its stores", async () => {
    expect(await choosable({ deptCodes: ["001"], reachCodes: ["001"], reachExact: 1 })).toEqual(["华南分公司"]);
  });

  it("全部数据: a store user gets 全部 and every node", async () => {
    expect(await choosable({ deptCodes: ["001001"], reachCodes: [""], reachExact: 0 })).toEqual(["全部", "华南分公司", "华东分公司", "广州天河店", "深圳南山店"]);
  });
});
