import { describe, expect, it, vi } from "vitest";
import { StrictMode, useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "./test-utils.tsx";
import { RichText } from "./RichText.tsx";

// ProseMirror measures text positions; jsdom has no layout, so ranges report an empty box.
document.createRange = () => {
  const range = new Range();
  range.getBoundingClientRect = () => new DOMRect();
  range.getClientRects = () => ({ item: () => null, length: 0, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  return range;
};
document.elementFromPoint = () => null;

function Article({ onChange }: { onChange: (html: string) => void }) {
  const [html, setHtml] = useState("<p>酒店介绍</p>");
  return <RichText value={html} onChange={(h) => (setHtml(h), onChange(h))} />;
}

describe("RichText", () => {
  it("loads the editor on demand with the value, and reports edits as HTML", async () => {
    const onChange = vi.fn();
    // StrictMode mounts twice, as the console does: the first editor is destroyed under the effects.
    render(
      <StrictMode>
        <Article onChange={onChange} />
      </StrictMode>,
    );
    expect(screen.getByText("编辑器加载中…")).toBeInTheDocument();
    const editable = await screen.findByText("酒店介绍", {}, { timeout: 5000 });
    expect(editable.closest("[contenteditable]")).toHaveAttribute("contenteditable", "true");
    await userEvent.click(screen.getByRole("button", { name: "标题 H2" }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^<h2>酒店介绍<\/h2>/)));
    expect(screen.getByRole("button", { name: "标题 H2" })).toHaveAttribute("aria-pressed", "true");
  });
});
