import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { mockMadeUpRoutes, renderBlock } from "../test-utils.tsx";
import { RecordModal } from "./RecordModal.tsx";
import type { GetKey } from "../../lib/contract.ts";

type Room = { id: number; roomName: string };

const modal = (props: { id?: number; waiting?: boolean; closeOnError?: boolean; onClose?: () => void }) => (
  <RecordModal route={"GET /api/room/roomview" as GetKey} title="编辑客房" width={800} onClose={props.onClose ?? (() => {})} {...props}>
    {(room) => <p>正在编辑：{(room as Room | undefined)?.roomName ?? "新客房"}</p>}
  </RecordModal>
);

describe("RecordModal", () => {
  it("reads the record by id and hands it to the editor, in the dialog's width", async () => {
    const api = mockMadeUpRoutes({ "GET /api/room/roomview": (c) => ({ code: "200", desc: "", data: { id: Number(c.query.id), roomName: "大床房" } }) });
    renderBlock(modal({ id: 5 }));
    expect(screen.getByText("正在读取数据…")).toBeInTheDocument();
    expect(await screen.findByText("正在编辑：大床房")).toBeInTheDocument();
    expect(api.last("GET /api/room/roomview")?.query).toEqual({ id: "5" });
    const panel = screen.getByRole("dialog", { name: "编辑客房" }).querySelector("[data-width]") as HTMLElement;
    expect(panel.style.width).toBe("800px");
  });

  it("reads nothing for a new record, but waits for another lookup when told", () => {
    const api = mockMadeUpRoutes({});
    const { unmount } = renderBlock(modal({ waiting: true }));
    expect(screen.getByText("正在读取数据…")).toBeInTheDocument();
    unmount();
    renderBlock(modal({}));
    expect(screen.getByText("正在编辑：新客房")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows why a record cannot be read, after the toast of its desc", async () => {
    mockMadeUpRoutes({ "GET /api/room/roomview": () => ({ code: "500", desc: "客房不存在" }) });
    const onClose = vi.fn();
    renderBlock(modal({ id: 5, onClose }));
    // Once as the toast, once in the dialog.
    await waitFor(() => expect(screen.getAllByText("客房不存在")).toHaveLength(2));
    expect(within(screen.getByRole("dialog", { name: "编辑客房" })).getByText("客房不存在")).toBeInTheDocument();
    expect(screen.queryByText(/正在编辑/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes instead when the screen asks so (R304), leaving only the toast", async () => {
    mockMadeUpRoutes({ "GET /api/room/roomview": () => ({ code: "500", desc: "" }) });
    const onClose = vi.fn();
    renderBlock(modal({ id: 5, onClose, closeOnError: true }));
    expect(await screen.findByText("读取数据出错")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText(/正在编辑/)).not.toBeInTheDocument();
  });
});
