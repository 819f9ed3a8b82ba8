import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeXhr, mockApi, renderBlock } from "../test-utils.tsx";
import { SheetUploader } from "./SheetUploader.tsx";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const choose = (file: File) => fireEvent.change(screen.getByTestId("sheet-file"), { target: { files: [file] } });

describe("SheetUploader", () => {
  it("hashes, uploads with progress and hands the stored file to the screen", async () => {
    const api = mockApi({
      "POST /uploader/presign": () => ({
        code: "200",
        desc: "",
        data: { exists: false, remotename: "t/h.xlsx", ext: "xlsx", localname: "客户.xlsx", url: "/uploader/files/t/h.xlsx", uploadUrl: "http://s3/put" },
      }),
      "POST /uploader/confirm": () => ({ code: "200", desc: "", data: { remotename: "t/h.xlsx" } }),
    });
    fakeXhr();
    const onUploaded = vi.fn();
    renderBlock(<SheetUploader onUploaded={onUploaded} templateUrl="/static/template/customer_import.xlsx" />, { functionId: 2001 });
    expect(screen.getByRole("link", { name: "下载模板" })).toHaveAttribute("href", "/static/template/customer_import.xlsx");
    choose(new File(["PK\u0003\u0004"], "客户.xlsx", { type: XLSX }));
    expect(await screen.findByText("客户.xlsx")).toBeInTheDocument();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ remotename: "t/h.xlsx" })));
    expect(screen.getByText("上传完成")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    expect(api.calls[0].body).toMatchObject({ kind: "excel", hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Uploaded for the import screen's function, and confirmed before the screen may use it.
    expect(api.calls.map((c) => [c.path, c.headers.functionId])).toEqual([
      ["/uploader/presign", "2001"],
      ["/uploader/confirm", "2001"],
    ]);
  });

  it("refuses files other than .xlsx and shows the server's desc on refusal", async () => {
    mockApi({ "POST /uploader/presign": () => ({ code: "400", desc: "文件大小不能超过 50MB" }) });
    const onUploaded = vi.fn();
    renderBlock(<SheetUploader onUploaded={onUploaded} />);
    choose(new File(["a,b"], "客户.csv", { type: "text/csv" }));
    expect(await screen.findByText("文件格式不正确，请上传 xlsx 格式的文件")).toBeInTheDocument();
    choose(new File(["PK"], "客户.xlsx", { type: XLSX }));
    expect(await screen.findByText("文件大小不能超过 50MB")).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });
});
