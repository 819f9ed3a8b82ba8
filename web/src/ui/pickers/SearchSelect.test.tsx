import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { SearchSelect } from "./SearchSelect.tsx";
import { Modal } from "../dialogs/Modal.tsx";

const hotels = [
  { value: 1, label: "享域广州天河商务酒店" },
  { value: 2, label: "享域深圳南山度假酒店" },
  { value: 3, label: "三亚湾海景酒店" },
];

function Pick({ clearable, onChange }: { clearable?: boolean; onChange: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(2);
  return <SearchSelect aria-label="酒店" value={value} options={hotels} clearable={clearable} onChange={(v) => (setValue(v), onChange(v))} />;
}

describe("SearchSelect", { timeout: 20_000 }, () => {
  it("shows the chosen label, filters as staff type and chooses with arrows and Enter", async () => {
    const onChange = vi.fn();
    renderBlock(<Pick onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "酒店" });
    expect(box).toHaveValue("享域深圳南山度假酒店");
    await userEvent.click(box);
    await userEvent.clear(box);
    await userEvent.type(box, "享域");
    const list = await screen.findByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["享域广州天河商务酒店", "享域深圳南山度假酒店"]);
    // The chosen hotel is the active option; ArrowUp moves to the one above it.
    const active = () => document.getElementById(box.getAttribute("aria-activedescendant") ?? "")?.textContent;
    await userEvent.keyboard("{ArrowDown}");
    expect(active()).toBe("享域深圳南山度假酒店");
    await userEvent.keyboard("{ArrowUp}{Enter}");
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(1));
    expect(box).toHaveValue("享域广州天河商务酒店");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("says 无匹配数据 when nothing matches, and Escape keeps the value", async () => {
    const onChange = vi.fn();
    renderBlock(<Pick onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "酒店" });
    await userEvent.click(box);
    await userEvent.clear(box);
    await userEvent.type(box, "北京");
    expect(await screen.findByText("无匹配数据")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByText("无匹配数据")).not.toBeInTheDocument());
    expect(box).toHaveValue("享域深圳南山度假酒店");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("clears only when optional, and works inside a dialog without closing it", async () => {
    const onChange = vi.fn();
    const onClose = vi.fn();
    renderBlock(
      <Modal open title="表单" onClose={onClose}>
        <Pick clearable onChange={onChange} />
      </Modal>,
    );
    const box = await screen.findByRole("combobox", { name: "酒店" });
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole("option", { name: "三亚湾海景酒店" }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(3));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "清除" }));
    expect(onChange).toHaveBeenLastCalledWith("");
    await waitFor(() => expect(box).toHaveValue(""));
  });

  it("offers no × on a required field", () => {
    renderBlock(<Pick onChange={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "清除" })).not.toBeInTheDocument();
  });
});
