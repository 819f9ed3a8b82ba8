import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, fakeXhr, mockApi, renderBlock } from "../../ui/test-utils.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { clientsServer } from "./clientsTestServer.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const RESULT = { total: 3, successCount: 2, failCount: 1, desc: "共3条，成功2条，失败1条。第3行：客户姓名不能为空（可下载失败记录）", hasFailures: 1 };

function server() {
  return {
    ...clientsServer(),
    "POST /uploader/presign": () => ({
      code: "200",
      desc: "",
      data: { exists: false, remotename: "xiangyu/abc.xlsx", ext: "xlsx", localname: "客户.xlsx", url: "/uploader/files/xiangyu/abc.xlsx", uploadUrl: "http://s3/put" },
    }),
    "POST /uploader/confirm": () => ({ code: "200", desc: "", data: { remotename: "xiangyu/abc.xlsx" } }),
    "POST /xiangyu/api/client/clientimport": (c: { body: Record<string, string> }) => ({ code: "200", desc: "导入完成", data: { ...RESULT, jobId: c.body.jobId } }),
    "GET /xiangyu/api/client/importprogress": () => ({ code: "404", desc: "导入任务不存在" }),
    "GET /xiangyu/api/client/importfailures": () => ({ code: "200", desc: "", data: { url: "http://s3/failures.xlsx", name: "导入失败记录-客户.xlsx" } }),
  };
}

describe("ImportModal", () => {
  it("asks for the store and the file first (R293, R294), offers the template", async () => {
    const api = mockApi(server());
    renderBlock(<ImportModal onClose={() => {}} onImported={() => {}} />, { functionId: 2001, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "客户导入" });
    await waitFor(() => expect(within(dialog).getByRole("link", { name: "下载模板" })).toHaveAttribute("href", "http://s3/template.xlsx"));
    await userEvent.click(within(dialog).getByRole("button", { name: "开始导入" }));
    expect(await within(dialog).findByText("门店不能为空")).toBeInTheDocument();
    expect(within(dialog).getByText("请选上传文件")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/client/clientimport")).toBeUndefined();
  });

  it("uploads the sheet, imports it into the chosen store and shows the result until 确定 (R296)", async () => {
    const api = mockApi(server());
    fakeXhr();
    const onImported = vi.fn();
    renderBlock(<ImportModal onClose={() => {}} onImported={onImported} />, { functionId: 2001, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "客户导入" });
    const store = await within(dialog).findByRole("button", { name: "门店" });
    await waitFor(() => expect(store).not.toHaveAttribute("aria-busy"));
    await userEvent.click(store);
    await userEvent.click(within(dialog).getByRole("option", { name: "华南分公司" }));
    await userEvent.click(within(dialog).getByRole("option", { name: "广州天河店" }));
    fireEvent.change(within(dialog).getByTestId("sheet-file"), { target: { files: [new File(["PK\u0003\u0004"], "客户.xlsx", { type: XLSX })] } });
    expect(await within(dialog).findByText("已上传：客户.xlsx")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "开始导入" }));

    const result = await within(dialog).findByRole("status", { name: "导入结果" });
    expect(within(result).getByTestId("import-总条数")).toHaveTextContent("3");
    expect(within(result).getByTestId("import-成功")).toHaveTextContent("2");
    expect(within(result).getByTestId("import-失败")).toHaveTextContent("1");
    expect(within(result).getByText(RESULT.desc)).toBeInTheDocument();
    const post = api.last("POST /xiangyu/api/client/clientimport")!;
    expect(post.body).toMatchObject({ shop: "001001", excelPath: "xiangyu/abc.xlsx", excelName: "客户.xlsx", jobId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) });
    // The sheet was uploaded and confirmed for the import screen's function before the import.
    expect(api.last("POST /uploader/confirm")?.headers.functionId).toBe("2001");
    expect(onImported).toHaveBeenCalled();

    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await userEvent.click(within(result).getByRole("button", { name: "下载失败记录" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.last("GET /xiangyu/api/client/importfailures")!.query).toEqual({ jobId: post.body.jobId });

    await userEvent.click(within(result).getByRole("button", { name: "确定" }));
    expect(await within(dialog).findByRole("button", { name: "开始导入" })).toBeInTheDocument();
    expect(within(dialog).queryByText("已上传：客户.xlsx")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "门店" })).toHaveTextContent("华南分公司 / 广州天河店");
  });

  it("shows the expected duration beside the progress while a large sheet imports", async () => {
    let polls = 0;
    const running = { ...RESULT, total: 900_000, successCount: 0, failCount: 0, hasFailures: 0, desc: "", state: "running", expectedSeconds: 1800 };
    mockApi({
      ...server(),
      "POST /xiangyu/api/client/clientimport": (c: { body: Record<string, string> }) => ({
        code: "200",
        desc: "导入已开始",
        data: { ...running, total: 0, expectedSeconds: 0, rowsDone: 0, jobId: c.body.jobId },
      }),
      "GET /xiangyu/api/client/importprogress": () =>
        ++polls < 2
          ? { code: "200", desc: "", data: { ...running, rowsDone: 4000 } }
          : { code: "200", desc: "", data: { ...RESULT, state: "done", rowsDone: 3, expectedSeconds: 1 } },
    });
    fakeXhr();
    renderBlock(<ImportModal onClose={() => {}} onImported={() => {}} />, { functionId: 2001, rights: ALL_RIGHTS });
    const dialog = await screen.findByRole("dialog", { name: "客户导入" });
    const store = await within(dialog).findByRole("button", { name: "门店" });
    await waitFor(() => expect(store).not.toHaveAttribute("aria-busy"));
    await userEvent.click(store);
    await userEvent.click(within(dialog).getByRole("option", { name: "华南分公司" }));
    await userEvent.click(within(dialog).getByRole("option", { name: "广州天河店" }));
    fireEvent.change(within(dialog).getByTestId("sheet-file"), { target: { files: [new File(["PK\u0003\u0004"], "客户.xlsx", { type: XLSX })] } });
    expect(await within(dialog).findByText("已上传：客户.xlsx")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "开始导入" }));
    expect(await within(dialog).findByTestId("import-expected")).toHaveTextContent("预计用时约 30 分钟，可关闭窗口，导入在后台继续");
    expect(within(dialog).getByText("正在导入 4000/900000 行")).toBeInTheDocument();
    expect(await within(dialog).findByRole("status", { name: "导入结果" }, { timeout: 4000 })).toBeInTheDocument();
  });
});
