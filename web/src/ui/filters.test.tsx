import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderScreen } from "./test-utils.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { DateFilter, MonthFilter, StyleParamFilter } from "./filters.tsx";
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
