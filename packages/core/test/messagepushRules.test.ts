import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { afterSend, backoffMs, channelFor, renderText, renderWechat, unknownPlaceholders, BACKOFF_MS, MAX_BACKOFF_MS } from "../src/platform/push/rules.ts";
import { PUSH_MSG, PushTemplateInput } from "../src/platform/push/schemas.ts";

/** Message push, the pure part: placeholders, rendering, the channel, the retry plan, the template schema. */
const vars = { touser: "张三", msgTime: "2026-12-01 10:00:00", address: "会员度假酒店" };

describe("placeholders (R514)", () => {
  it("finds only what is not ${touser}, ${msgTime} or ${address}, each once, as written", () => {
    expect(unknownPlaceholders("${touser}${msgTime}${address}")).toEqual([]);
    expect(unknownPlaceholders("${hotel} ${touser} ${hotel} ${ address} ${}")).toEqual(["${hotel}", "${ address}", "${}"]);
    expect(unknownPlaceholders("$touser {address} $ {x}")).toEqual([]);
  });
  it("renders every occurrence, plain text or a WeChat template's JSON fields", () => {
    expect(renderText("${touser}，${touser}：${address}于${msgTime}", vars)).toBe("张三，张三：会员度假酒店于2026-12-01 10:00:00");
    expect(renderWechat('{"first":"${touser}您好","keyword1":"${address}","n":3}', vars)).toEqual({
      first: { value: "张三您好" },
      keyword1: { value: "会员度假酒店" },
      n: { value: "3" },
    });
    expect(renderWechat("${touser}的订单", vars)).toEqual({ content: { value: "张三的订单" } });
    expect(renderWechat("[1,2]", vars)).toEqual({ content: { value: "[1,2]" } });
  });
});

describe("the channel", () => {
  const t = { tempId: "T1", weixinTemp: "x", smsTemp: "y" };
  it("WeChat with an openid and a WeChat body, else SMS with a mobile and an SMS body, else none", () => {
    expect(channelFor({ name: "a", openid: "o", mobile: "1" }, t)).toBe(1);
    expect(channelFor({ name: "a", openid: "", mobile: "1" }, t)).toBe(2);
    expect(channelFor({ name: "a", openid: "o", mobile: "1" }, { ...t, weixinTemp: " " })).toBe(2);
    expect(channelFor({ name: "a", openid: "o", mobile: "" }, { ...t, weixinTemp: "" })).toBeNull();
    expect(channelFor({ name: "a", openid: "", mobile: "1" }, { ...t, smsTemp: "" })).toBeNull();
  });
});

describe("the retry plan", () => {
  it("doubles the wait from BACKOFF_MS up to MAX_BACKOFF_MS", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([BACKOFF_MS, 2 * BACKOFF_MS, 4 * BACKOFF_MS]);
    expect(backoffMs(30)).toBe(MAX_BACKOFF_MS);
  });
  it("fails for good after 1 + retries sends; a success is sent whatever came before", () => {
    const no = { ok: false as const, reason: "超时" };
    expect(afterSend(no, 1, 2)).toEqual({ status: 0, reason: "超时", retryInMs: BACKOFF_MS });
    expect(afterSend(no, 2, 2)).toEqual({ status: 0, reason: "超时", retryInMs: 2 * BACKOFF_MS });
    expect(afterSend(no, 3, 2)).toEqual({ status: 2, reason: "超时" });
    expect(afterSend(no, 1, 0)).toEqual({ status: 2, reason: "超时" });
    expect(afterSend({ ok: true }, 3, 2)).toEqual({ status: 1 });
  });
});

describe("the template form (R512, R513)", () => {
  const msg = (x: Record<string, unknown>) => {
    const r = v.safeParse(PushTemplateInput, x);
    return r.success ? null : r.issues[0].message;
  };
  it("requires tempName and tempId, names unknown placeholders, defaults the event to none", () => {
    expect(msg({ tempId: "A" })).toBe(PUSH_MSG.tempName);
    expect(msg({ tempName: "  ", tempId: "A" })).toBe(PUSH_MSG.tempName);
    expect(msg({ tempName: "N" })).toBe(PUSH_MSG.tempId);
    expect(msg({ tempName: "N", tempId: "A", smsTemp: "${code}" })).toBe("短信模板中有未知的占位符：${code}（可用：${touser}、${msgTime}、${address}）");
    expect(msg({ tempName: "N", tempId: "A", event: "orderPaid" })).toBe(PUSH_MSG.event);
    const ok = v.parse(PushTemplateInput, { tempName: " N ", tempId: "A", weixinTemp: "${touser}" });
    expect(ok).toMatchObject({ tempName: "N", event: "none", brandId: 0, smsTemp: "" });
  });
});
