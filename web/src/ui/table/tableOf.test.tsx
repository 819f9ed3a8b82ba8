import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { unwrap } from "../../lib/query.ts";
import { mockMadeUpRoutes, renderBlock } from "../test-utils.tsx";
import { DataTable } from "./DataTable.tsx";
import { tableOf } from "./tableOf.ts";

type Room = { id: number; roomName: string };

function Rooms() {
  const q = useQuery({ queryKey: ["rooms"], queryFn: async () => (await unwrap(api.get<Room>("/api/rooms"), "list")).dataList ?? [] });
  return <DataTable columns={[{ id: "roomName", header: "客房名称" }]} {...tableOf(q)} rowId={(r) => String(r.id)} />;
}

describe("tableOf", () => {
  it("shows a list query's rows, its failure in their place, and reads again on retry", async () => {
    let fail = true;
    const api = mockMadeUpRoutes({
      "GET /api/rooms": () => (fail ? { code: "500", desc: "" } : { code: "200", desc: "", dataList: [{ id: 1, roomName: "大床房" }] }),
    });
    renderBlock(<Rooms />);
    const table = await screen.findByRole("table");
    expect(await within(table).findByRole("alert")).toHaveTextContent("读取出错");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByRole("cell", { name: "大床房" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });
});
