import { describe, expect, it } from "vitest";
import { formBody } from "./api.ts";

describe("formBody", () => {
  it("sends a field without a value blank, never leaves it out (a whole-record save refuses fields left out)", () => {
    const f = formBody({ id: undefined, name: "甲", remark: null, seq: 0, picJson: ["/a.png"], on: false });
    expect([...f.entries()]).toEqual([
      ["id", ""],
      ["name", "甲"],
      ["remark", ""],
      ["seq", "0"],
      ["picJson", '["/a.png"]'],
      ["on", "false"],
    ]);
  });
});
