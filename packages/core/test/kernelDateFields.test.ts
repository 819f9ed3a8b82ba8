import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { BAD_DATE, dateField, maybeDate, maybeMonth } from "../src/kernel/fields.ts";

const required = dateField("入住日期不能为空");
const optional = maybeDate();
const messageOf = (schema: v.GenericSchema, x: unknown) => {
  const r = v.safeParse(schema, x);
  return r.success ? null : r.issues[0].message;
};

describe("date fields read real calendar days", () => {
  it.each(["2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2025-02-29", "2026-5-1", "20260501", "2026/05/01"])("refuses %s with the Chinese message", (s) => {
    expect(messageOf(required, s)).toBe(BAD_DATE);
    expect(messageOf(optional, s)).toBe(BAD_DATE);
  });

  it.each(["2026-05-01xxxxxxxxx", "2026-05-01 25:00:00", "2026-05-01 23:60:00", "2026-05-01T00:00:00", "2026-02-30 00:00:00", "2026-05-01 00:00", "2026-05-01 "])(
    "refuses the 19-character (or near) value %j instead of reading its first ten characters",
    (s) => {
      // "2026-05-01 " trims to a valid date, so it is the one accepted near value.
      if (s === "2026-05-01 ") return expect(v.parse(required, s)).toBe("2026-05-01");
      expect(messageOf(required, s)).toBe(BAD_DATE);
      expect(messageOf(optional, s)).toBe(BAD_DATE);
    },
  );

  it("accepts a date or a date-time and keeps the day", () => {
    expect(v.parse(required, "2024-02-29")).toBe("2024-02-29");
    expect(v.parse(required, "2026-12-31 23:59:59")).toBe("2026-12-31");
    expect(v.parse(optional, "2026-05-01 00:00:00")).toBe("2026-05-01");
    expect(v.parse(optional, "")).toBeUndefined();
  });

  it("says the field's own message when blank", () => {
    expect(messageOf(required, "")).toBe("入住日期不能为空");
    expect(messageOf(required, undefined)).toBe("入住日期不能为空");
  });
});

describe("month fields read real months", () => {
  const month = maybeMonth("月份格式不正确");
  it.each(["2026-13", "2026-00", "2026-1", "202612", "2026-12x", "2026-12-01"])("refuses %s", (m) => {
    expect(messageOf(month, m)).toBe("月份格式不正确");
  });
  it("accepts a month, and blank as none", () => {
    expect(v.parse(month, "2026-12")).toBe("2026-12");
    expect(v.parse(month, "")).toBe("");
  });
});
