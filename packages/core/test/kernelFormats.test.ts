import { describe, it, expect } from "vitest";
import * as v from "valibot";
import { idCheckDigit, idNumberProblem, isEmail, isLandline, isLatitude, isLongitude, isMobileNumber, isTelephone } from "../src/kernel/formats.ts";
import { ageField, emailField, idNumberField, latField, lngField, maybeMobileField, mobileField, positiveIntField, telField } from "../src/kernel/fields.ts";

/** The message of a refused value, or the parsed value. */
const run = (schema: v.GenericSchema, x: unknown) => {
  const r = v.safeParse(schema, x);
  return r.success ? { ok: r.output } : { msg: r.issues[0].message };
};

describe("coordinates", () => {
  it("reads decimal degrees within −180…180 and −90…90", () => {
    for (const s of ["0", "113.331084", "-180", "180", "+12.5", "179.9999999999"]) expect(isLongitude(s), s).toBe(true);
    for (const s of ["180.0001", "-181", "1e2", "0x10", "", "113.3.3", "abc", "113,33"]) expect(isLongitude(s), s).toBe(false);
    for (const s of ["23.112223", "-90", "90"]) expect(isLatitude(s), s).toBe(true);
    for (const s of ["90.5", "-91", "113.33"]) expect(isLatitude(s), s).toBe(false);
  });
  it("says which range a field must be in; blank is none", () => {
    expect(run(lngField(), "200")).toEqual({ msg: "经度必须是-180到180之间的数字" });
    expect(run(latField(), "-95")).toEqual({ msg: "纬度必须是-90到90之间的数字" });
    expect(run(latField(), " 23.11 ")).toEqual({ ok: "23.11" });
    expect(run(lngField(), "")).toEqual({ ok: "" });
  });
});

describe("phone numbers", () => {
  it("mobiles are 11 digits starting 13–19", () => {
    expect(isMobileNumber("13800138000")).toBe(true);
    expect(isMobileNumber("19912345678")).toBe(true);
    for (const s of ["12800138000", "10000000000", "1380013800", "138001380001", "1380013800a"]) expect(isMobileNumber(s), s).toBe(false);
    expect(run(mobileField("手机号码不能为空"), "+86 138-0013-8000")).toEqual({ ok: "13800138000" });
    expect(run(mobileField("手机号码不能为空"), "")).toEqual({ msg: "手机号码不能为空" });
    expect(run(mobileField("手机号码不能为空"), "11111111111")).toEqual({ msg: "输入的手机号不正确" });
    expect(run(maybeMobileField(), "")).toEqual({ ok: "" });
  });
  it("landlines have an area code and may have an extension", () => {
    for (const s of ["020-88888888", "02088888888", "0755 8888 8888", "(020)88888888", "010-6512345", "020-88888888-123", "020-88888888转8001", "400-800-8888", "4008008888"])
      expect(isLandline(s), s).toBe(true);
    for (const s of ["88888888", "20-88888888", "020-0888888", "020-888888888", "020-88888888-1234567", "abc"]) expect(isLandline(s), s).toBe(false);
    expect(isTelephone("13800138000")).toBe(true);
    expect(run(telField(), "8888")).toEqual({ msg: "电话号码格式不正确（区号-号码，可带分机号）" });
    expect(run(telField(), "020-88888888")).toEqual({ ok: "020-88888888" });
  });
});

describe("PRC ID numbers", () => {
  const TODAY = "2026-11-24";
  it("computes the ISO 7064 MOD 11-2 check character", () => {
    expect(idCheckDigit("11010519491231002")).toBe("X");
    expect(idCheckDigit("44010619900307123")).toBe("1");
  });
  it("says what is wrong: format, birth date or check digit", () => {
    expect(idNumberProblem("11010519491231002X", TODAY)).toBeNull();
    expect(idNumberProblem("11010519491231002x", TODAY)).toBeNull();
    expect(idNumberProblem("440106199003071231", TODAY)).toBeNull();
    expect(idNumberProblem("440106199003071232", TODAY)).toBe("check");
    expect(idNumberProblem("1101051949123100", TODAY)).toBe("format");
    expect(idNumberProblem("11010519491231002Y", TODAY)).toBe("format");
    expect(idNumberProblem("110105194902300024", TODAY)).toBe("birth"); // 30 February
    expect(idNumberProblem("110105189912310021", TODAY)).toBe("birth"); // before 1900
    expect(idNumberProblem("440106203001010012", TODAY)).toBe("birth"); // not born yet
  });
  it("the field upper-cases the X and gives one message per problem", () => {
    expect(run(idNumberField(), "11010519491231002x")).toEqual({ ok: "11010519491231002X" });
    expect(run(idNumberField(), "")).toEqual({ ok: "" });
    expect(run(idNumberField(), "110105194912310021")).toEqual({ msg: "身份证号码校验位不正确" });
    expect(run(idNumberField(), "110105194902300024")).toEqual({ msg: "身份证号码中的出生日期不正确" });
    expect(run(idNumberField(), "12345")).toEqual({ msg: "身份证号码必须是18位（最后一位可为X）" });
    expect(run(idNumberField(), "1".repeat(19))).toEqual({ msg: "身份证号码必须是18位（最后一位可为X）" });
  });
});

describe("e-mail, age and quantities", () => {
  it("e-mail addresses", () => {
    for (const s of ["a@b.cn", "zhang.san+vip@mail.example.com.cn", "12345@qq.com"]) expect(isEmail(s), s).toBe(true);
    for (const s of ["a@b", "a@@b.cn", "@b.cn", "a b@c.cn", "a..b@c.cn", "a@b..cn", "a@-b.cn", `${"a".repeat(95)}@b.cn`]) expect(isEmail(s), s).toBe(false);
    expect(run(emailField(), "zhang@")).toEqual({ msg: "邮箱格式不正确" });
  });
  it("ages are whole years 0–150, blank is 0", () => {
    expect(run(ageField(), "150")).toEqual({ ok: 150 });
    expect(run(ageField(), "")).toEqual({ ok: 0 });
    for (const x of ["151", "-1", "1.5", "三十"]) expect(run(ageField(), x), x).toEqual({ msg: "年龄必须是0到150之间的整数" });
  });
  it("quantities are positive integers: blank keeps its own message", () => {
    const f = positiveIntField("数量不能为空", "数量必须是正整数", 9999, "数量不能超过9999");
    expect(run(f, "")).toEqual({ msg: "数量不能为空" });
    for (const x of ["1.5", "-1", "0", 1.5, "五"]) expect(run(f, x), String(x)).toEqual({ msg: "数量必须是正整数" });
    expect(run(f, "10000")).toEqual({ msg: "数量不能超过9999" });
    expect(run(f, 3)).toEqual({ ok: 3 });
  });
});
