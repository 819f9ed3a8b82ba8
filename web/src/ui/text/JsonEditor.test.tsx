import { describe, expect, it } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { checkJson, JsonEditor } from "./JsonEditor.tsx";

function Json({ initial, example }: { initial: string; example?: string }) {
  const [text, setText] = useState(initial);
  return <JsonEditor value={text} onChange={setText} example={example} />;
}

describe("JsonEditor", () => {
  it("checks: tab-indented on success, and the spec's messages otherwise", () => {
    expect(checkJson('{"a":[1,2]}')).toEqual({ ok: true, text: '{\n\t"a": [\n\t\t1,\n\t\t2\n\t]\n}' });
    expect(checkJson("  ")).toEqual({ ok: false, message: "没有JSON数据" });
    expect(checkJson("{a:1}")).toEqual({ ok: false, message: "JSON数据有误，请检查。" });
  });

  it("reformats valid JSON in place and says JSON数据正确。", async () => {
    renderBlock(<Json initial='{"login":{"templateCode":"SMS_1"}}' />);
    await userEvent.click(screen.getByRole("button", { name: "检查" }));
    expect(screen.getByRole("textbox")).toHaveValue('{\n\t"login": {\n\t\t"templateCode": "SMS_1"\n\t}\n}');
    expect(await screen.findByText("JSON数据正确。")).toBeInTheDocument();
  });

  it("says what is wrong with empty or broken JSON and leaves the text alone", async () => {
    renderBlock(<Json initial="" />);
    await userEvent.click(screen.getByRole("button", { name: "检查" }));
    expect(await screen.findByText("没有JSON数据")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox"), "[[1");
    await userEvent.click(screen.getByRole("button", { name: "检查" }));
    expect(await screen.findByText("JSON数据有误，请检查。")).toBeInTheDocument();
    expect(screen.getByRole("textbox")).toHaveValue("[1");
  });

  it("asks before an example replaces existing data", async () => {
    renderBlock(<Json initial='{"old":1}' example='{"new":2}' />);
    await userEvent.click(screen.getByRole("button", { name: "导入示例" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(screen.getByRole("textbox")).toHaveValue('{"old":1}');
    await userEvent.click(screen.getByRole("button", { name: "导入示例" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(screen.getByRole("textbox")).toHaveValue('{\n\t"new": 2\n}'));
  });
});
