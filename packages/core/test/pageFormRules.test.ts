import { describe, expect, it } from "vitest";
import { checkFormValues } from "../src/pages/forms/rules.ts";
import { defaultFormField, type FormField } from "../src/pages/document/index.ts";

/** A designed form's answers checked against its fields (pages/forms/rules.ts): the kinds the API test does not send. */
const field = (type: FormField["type"], more: Partial<FormField> = {}): FormField => ({ ...defaultFormField(type, 1), name: type, label: type, ...more });

describe("checkFormValues", () => {
  it("takes times and date-times that exist, and refuses the rest", () => {
    const fields = [field("picker", { name: "t", label: "时间", mode: "time" }), field("picker", { name: "dt", label: "到店", mode: "datetime" })];
    expect(checkFormValues(fields, { t: "09:30", dt: "2026-12-01 18:05" })).toEqual({
      ok: true,
      answers: [
        { name: "t", label: "时间", value: "09:30" },
        { name: "dt", label: "到店", value: "2026-12-01 18:05" },
      ],
    });
    expect(checkFormValues(fields, { t: "24:00" })).toEqual({ ok: false, msg: "时间格式不正确" });
    expect(checkFormValues(fields, { dt: "2026-02-30 10:00" })).toEqual({ ok: false, msg: "到店格式不正确" });
    expect(checkFormValues(fields, { dt: "2026-12-01T10:00" })).toEqual({ ok: false, msg: "到店格式不正确" });
  });

  it("keeps a slider within its range and a multi-column pick within its options", () => {
    const fields = [field("slider", { name: "s", label: "预算", min: 10, max: 20 }), field("picker", { name: "m", label: "房型", mode: "multiSelector" })];
    expect(checkFormValues(fields, { s: 15, m: ["1", "2"] })).toMatchObject({ ok: true, answers: [{ value: "15" }, { value: "选项1、选项2" }] });
    expect(checkFormValues(fields, { s: 9 })).toEqual({ ok: false, msg: "预算超出范围" });
    expect(checkFormValues(fields, { s: "abc" })).toEqual({ ok: false, msg: "预算超出范围" });
    expect(checkFormValues(fields, { m: ["3"] })).toEqual({ ok: false, msg: "房型的选项不正确" });
  });

  it("takes picture links only over http(s), and nothing at all is refused", () => {
    const fields = [field("ImagePicker", { name: "p", label: "照片" })];
    expect(checkFormValues(fields, { p: ["https://img.example.com/a.jpg"] })).toMatchObject({ ok: true });
    expect(checkFormValues(fields, { p: ["javascript:alert(1)"] })).toEqual({ ok: false, msg: "表单内容不正确" });
    expect(checkFormValues(fields, {})).toEqual({ ok: false, msg: "请填写表单内容" });
  });

  it("ignores separators and never stores more than the form's longest text", () => {
    const fields = [field("line"), field("input", { name: "n", label: "姓名", maxLength: 0 })];
    expect(checkFormValues(fields, { n: "字".repeat(5000) })).toMatchObject({ ok: true });
    expect(checkFormValues(fields, { n: "字".repeat(5001) })).toEqual({ ok: false, msg: "姓名不能超过5000个字" });
    expect(checkFormValues(fields, { line: "x" })).toEqual({ ok: false, msg: "表单内容不正确" });
  });
});
