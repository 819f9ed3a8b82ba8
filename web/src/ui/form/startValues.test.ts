import { describe, expect, it } from "vitest";
import { startValues } from "./startValues.ts";

type Room = { id: number; roomName: string; sortOrder: number | null; remark?: string };

describe("startValues", () => {
  it("takes the record's value of each named field, and the default where it has none", () => {
    const room: Room = { id: 3, roomName: "", sortOrder: null };
    expect(startValues(room, { id: "", roomName: "未命名", sortOrder: 999, remark: "" })).toEqual({ id: 3, roomName: "", sortOrder: 999, remark: "" });
  });

  it("gives the defaults for a new record and leaves out fields it was not asked for", () => {
    expect(startValues<Room, "id" | "sortOrder">(undefined, { id: "", sortOrder: 999 })).toEqual({ id: "", sortOrder: 999 });
    expect(Object.keys(startValues({ id: 1, roomName: "大床房", sortOrder: 1 } as Room, { roomName: "" }))).toEqual(["roomName"]);
  });
});
