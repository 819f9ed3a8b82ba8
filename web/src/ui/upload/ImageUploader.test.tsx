import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeXhr, mockApi, renderBlock } from "../test-utils.tsx";
import { ImageUploader } from "./ImageUploader.tsx";
import { reorder } from "./PictureTiles.tsx";

const png = (name: string, bytes = name) => new File([bytes], name, { type: "image/png" });
const presign = () => ({
  "POST /uploader/presign": (c: { body: Record<string, string> }) => ({
    code: "200",
    desc: "",
    data: { exists: false, remotename: `t/${c.body.name}`, ext: "png", localname: c.body.name, url: `/uploader/files/t/${c.body.name}`, uploadUrl: "http://s3/put" },
  }),
  "POST /uploader/confirm": (c: { body: Record<string, string> }) => ({ code: "200", desc: "", data: { remotename: c.body.remotename } }),
});

function Pictures({ initial = [], max, onChange }: { initial?: string[]; max?: number; onChange?: (u: string[]) => void }) {
  const [urls, setUrls] = useState(initial);
  return <ImageUploader value={urls} max={max} onChange={(u) => (setUrls(u), onChange?.(u))} />;
}

const choose = (...files: File[]) => fireEvent.change(screen.getByTestId("image-file"), { target: { files } });

describe("ImageUploader", () => {
  it("uploads a chosen picture and shows it", async () => {
    const server = mockApi(presign());
    const puts = fakeXhr();
    const onChange = vi.fn();
    renderBlock(<Pictures onChange={onChange} />, { functionId: 1601 });
    choose(png("cover.png"));
    expect(await screen.findByAltText("图片1")).toHaveAttribute("src", "/uploader/files/t/cover.png");
    expect(onChange).toHaveBeenLastCalledWith(["/uploader/files/t/cover.png"]);
    expect(puts).toHaveLength(1);
    // The screen's function goes with the upload and its confirmation (issue 11).
    expect(server.calls.map((c) => [c.path, c.headers.functionId])).toEqual([
      ["/uploader/presign", "1601"],
      ["/uploader/confirm", "1601"],
    ]);
    // One picture allowed by default: the add tile goes away.
    expect(screen.queryByRole("button", { name: "上传图片" })).not.toBeInTheDocument();
  });

  it("keeps to the count limit and says so", async () => {
    mockApi(presign());
    fakeXhr();
    const onChange = vi.fn();
    renderBlock(<Pictures max={2} initial={["/a.png"]} onChange={onChange} />);
    choose(png("b.png"), png("c.png"));
    expect(await screen.findByText("最多只能上传2张图片")).toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["/a.png", "/uploader/files/t/b.png"]));
  });

  it("refuses a wrong format before uploading", async () => {
    const api = mockApi(presign());
    renderBlock(<Pictures />);
    choose(new File(["x"], "a.bmp", { type: "image/bmp" }));
    expect(await screen.findByText("文件格式不正确，请上传 jpg、png、gif、jpeg 格式的文件")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("drops a failed upload from the list with 上传失败！", async () => {
    mockApi(presign());
    fakeXhr(0);
    const onChange = vi.fn();
    renderBlock(<Pictures onChange={onChange} />);
    choose(png("a.png"));
    expect(await screen.findByText("上传失败！")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "上传图片" })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("deletes a picture", async () => {
    const onChange = vi.fn();
    renderBlock(<Pictures max={3} initial={["/a.png", "/b.png"]} onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: "删除图片1" }));
    expect(onChange).toHaveBeenLastCalledWith(["/b.png"]);
  });

  it("reorders by dragging one picture onto another", () => {
    expect(reorder(["/a", "/b", "/c"], "/c", "/a")).toEqual(["/c", "/a", "/b"]);
    expect(reorder(["/a", "/b", "/c"], "/a", "/b")).toEqual(["/b", "/a", "/c"]);
  });
});
