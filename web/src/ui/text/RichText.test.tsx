import { afterEach, describe, expect, it, vi } from "vitest";
import { StrictMode, useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeXhr, mockApi, renderBlock } from "../test-utils.tsx";
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

describe("RichText's pictures (issue 35)", () => {
  const HASH = "c".repeat(64);
  const url = `/uploader/files/t/${HASH}.jpg`;
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("go through the uploader's path: the WebP copies named in the inserted src, the picture's size as width and height", async () => {
    // jsdom has no canvas or image decoding: the browser's parts are stand-ins, the upload and the editor are real.
    vi.stubGlobal("createImageBitmap", async () => ({ width: 1280, height: 720, close() {} }));
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/webp;base64,");
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ drawImage() {} } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((done) => done(new Blob(["webp"], { type: "image/webp" })));
    const server = mockApi({
      "POST /uploader/presign": (c) => {
        const copy = c.body.variantOf ? `.w${c.body.width}.webp` : ".jpg";
        return {
          code: "200",
          desc: "",
          data: { exists: false, remotename: `t/${HASH}${copy}`, ext: copy.slice(1), localname: c.body.name, url: `/uploader/files/t/${HASH}${copy}`, uploadUrl: "http://s3/put" },
        };
      },
      "POST /uploader/confirm": (c) => ({ code: "200", desc: "", data: { remotename: c.body.remotename, ext: "jpg", localname: "lobby.jpg", url } }),
    });
    const puts = fakeXhr();
    const onChange = vi.fn();
    const { container } = renderBlock(<Article onChange={onChange} />, { functionId: 1302 });
    await screen.findByText("酒店介绍", {}, { timeout: 5000 });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["jpeg"], "lobby.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining(`<img src="${url}#w=480,960,1280" width="1280" height="720">`)), { timeout: 5000 });
    // The original and its three copies, each presigned for the editor's screen.
    expect(puts).toHaveLength(4);
    expect(server.calls.filter((c) => c.path === "/uploader/presign").map((c) => [c.body.width, c.headers.functionId])).toEqual([
      [undefined, "1302"],
      ["480", "1302"],
      ["960", "1302"],
      ["1280", "1302"],
    ]);
  });
});
