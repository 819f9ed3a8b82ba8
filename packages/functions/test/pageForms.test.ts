import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { get, post, siteTenant, memberToken, tableItems } from "./harness.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { saveStyleAttr } from "@xiangyu/core/platform/styleParams";
import { API_PROXY_LIST } from "@xiangyu/core/pages/read";
import { FORM_DAILY_CAP } from "@xiangyu/core/pages/forms/service";
import { FormQuota } from "@xiangyu/core/pages/forms/entities";
import { formatDate } from "@xiangyu/core/kernel/clock";

/**
 * Designed pages as members reach them (issue 34, area memberPages): a page's form sent by a member
 * (answers checked against the form's own fields, refusals in Chinese with nothing stored, a daily
 * cap held under 25 racing requests), the console's read of the entries, and the render route
 * making a page live (API aliases through the proxy table, a List of the current column's menus).
 */
const FN = 1401;
const BASE = "/gateway/api/manage/custompage";
const SUBMIT = "/xiangyu/api/mp/form/submit";
const ENTRIES = `${BASE}/formentries`;

let t: Awaited<ReturnType<typeof siteTenant>>;
let page: { id: number; code: string };

const FORM = {
  kind: "Forms",
  id: "consultForm",
  formSubmit: { show: true, text: "提交预约", action: SUBMIT },
  formData: [
    { type: "input", name: "realname", label: "姓名", required: true, maxLength: 20 },
    { type: "input", name: "mobile", label: "手机号", required: true, maxLength: 11 },
    { type: "picker", name: "visitDate", label: "到访日期", mode: "date" },
    {
      type: "picker",
      name: "hotel",
      label: "意向酒店",
      mode: "selector",
      options: [
        { label: "三亚湾", value: "sy" },
        { label: "黄山", value: "hs" },
      ],
    },
    {
      type: "radio",
      name: "interest",
      label: "感兴趣的产品",
      options: [
        { label: "会员卡", value: "card" },
        { label: "房券", value: "voucher" },
      ],
    },
    {
      type: "checkbox",
      name: "when",
      label: "方便联系的时间",
      options: [
        { label: "上午", value: "am" },
        { label: "下午", value: "pm" },
      ],
    },
    { type: "rate", name: "stars", label: "评分", count: 5 },
    { type: "switch", name: "visited", label: "来过" },
    { type: "line" },
    { type: "textarea", name: "memo", label: "备注", maxLength: 300 },
  ],
};

async function savePage(name: string, parentId: number, doc: unknown, code?: string) {
  const r = await post(`${BASE}/save`, { token: t.adminToken, functionId: FN, json: { name, parentId, ...(code ? { code } : {}), configJson: JSON.stringify(doc) } });
  expect(r.body.code).toBe("200");
  return r.body.data as { id: number; code: string };
}

async function member(more: { realname?: string; mobile?: string } = {}) {
  const [id] = await registerMobileUsers(t.clientId, [{ userId: `wx-${randomBytes(6).toString("hex")}`, ...more }]);
  return { id: id!, token: await memberToken(t.clientId, id!) };
}

const submit = (token: string, values: unknown, more: Record<string, unknown> = {}) => post(SUBMIT, { token, json: { code: page.code, componentId: FORM.id, values, ...more } });
const entries = (pageId = page.id, token = t.adminToken) => get(ENTRIES, { token, functionId: FN, query: { pageId, currentPage: 1, pageSize: 50 } });

const GOOD = {
  realname: "王小明",
  mobile: "13800138000",
  visitDate: "2026-12-24",
  hotel: "hs",
  interest: "voucher",
  when: ["am", "pm"],
  stars: 4,
  visited: true,
  memo: "想了解房券",
};

beforeAll(async () => {
  t = await siteTenant("f");
  const top = await savePage("小程序", 0, { version: 2 });
  page = await savePage("预约咨询", top.id, { version: 2, content: { data: [FORM] } }, `consult${randomBytes(3).toString("hex")}`);
}, 60_000);

describe("a member sends a designed form (mp/form/submit)", () => {
  it("keeps the answers with their labels, in the form's order, and staff read them newest first", async () => {
    const m = await member({ realname: "王小明", mobile: "13800138000" });
    const r = await submit(m.token, GOOD);
    expect(r.body).toMatchObject({ code: "200", desc: "提交成功", data: { goback: true } });
    const other = await member();
    const r2 = await submit(other.token, { realname: "李四", mobile: "13900139000" });
    expect(r2.body.code).toBe("200");

    const list = await entries();
    expect(list.body).toMatchObject({ code: "200", pageParams: { maxCount: 2 } });
    const [second, first] = list.body.dataList;
    expect(second).toMatchObject({
      id: r2.body.data.id,
      answers: [
        { name: "realname", label: "姓名", value: "李四" },
        { name: "mobile", label: "手机号", value: "13900139000" },
      ],
    });
    expect(first).toMatchObject({ id: r.body.data.id, realname: "王小明", mobile: "13800138000", pageId: page.id });
    expect(first.answers).toEqual([
      { name: "realname", label: "姓名", value: "王小明" },
      { name: "mobile", label: "手机号", value: "13800138000" },
      { name: "visitDate", label: "到访日期", value: "2026-12-24" },
      { name: "hotel", label: "意向酒店", value: "黄山" },
      { name: "interest", label: "感兴趣的产品", value: "房券" },
      { name: "when", label: "方便联系的时间", value: "上午、下午" },
      { name: "stars", label: "评分", value: "4" },
      { name: "visited", label: "来过", value: "是" },
      { name: "memo", label: "备注", value: "想了解房券" },
    ]);
  });

  it("refuses answers the form does not allow, in Chinese, and stores nothing", async () => {
    const m = await member();
    const before = await tableItems();
    const cases: Array<[unknown, string]> = [
      [{ mobile: "13800138000" }, "请填写姓名"],
      [{ ...GOOD, realname: "   " }, "请填写姓名"],
      [{ ...GOOD, realname: "王".repeat(21) }, "姓名不能超过20个字"],
      [{ ...GOOD, hotel: "bj" }, "意向酒店的选项不正确"],
      [{ ...GOOD, interest: ["card"] }, "感兴趣的产品的选项不正确"],
      [{ ...GOOD, when: ["am", "am"] }, "方便联系的时间的选项不正确"],
      [{ ...GOOD, visitDate: "2026-02-30" }, "到访日期格式不正确"],
      [{ ...GOOD, stars: 6 }, "评分超出范围"],
      [{ ...GOOD, stars: 2.5 }, "评分超出范围"],
      [{ ...GOOD, visited: "yes" }, "表单内容不正确"],
      [{ ...GOOD, memo: "字".repeat(301) }, "备注不能超过300个字"],
      [{ ...GOOD, unasked: "x" }, "表单内容不正确"],
      [["王小明"], "表单内容不正确"],
      ["{not json", "表单内容不正确"],
    ];
    for (const [values, desc] of cases) expect((await submit(m.token, values)).body, JSON.stringify(values)).toEqual({ code: "400", desc });
    expect((await submit(m.token, GOOD, { componentId: "nope" })).body).toEqual({ code: "404", desc: "表单不存在或已停用" });
    expect((await submit(m.token, GOOD, { code: "nosuchpage" })).body).toEqual({ code: "404", desc: "页面不存在或未启用" });
    expect(await tableItems()).toEqual(before);
  });

  it("takes the answers as JSON text too (a form-encoded post)", async () => {
    const m = await member();
    const r = await post(SUBMIT, { token: m.token, form: { code: page.code, componentId: FORM.id, values: JSON.stringify({ realname: "张三", mobile: "13700137000" }) } });
    expect(r.body).toMatchObject({ code: "200", desc: "提交成功" });
  });

  it("is a member route: a staff token, no token and another tenant's member are refused", async () => {
    expect((await post(SUBMIT, { token: t.adminToken, json: { code: page.code, componentId: FORM.id, values: GOOD } })).status).toBe(401);
    expect((await post(SUBMIT, { json: { code: page.code, componentId: FORM.id, values: GOOD } })).status).toBe(401);
    const elsewhere = await siteTenant("g");
    const [id] = await registerMobileUsers(elsewhere.clientId, [{ userId: `wx-${randomBytes(6).toString("hex")}` }]);
    const token = await memberToken(elsewhere.clientId, id!);
    // The page is this tenant's: the other tenant has no page of that code.
    expect((await post(SUBMIT, { token, json: { code: page.code, componentId: FORM.id, values: GOOD } })).body).toEqual({ code: "404", desc: "页面不存在或未启用" });
    // And its staff read no entry of this tenant's page id.
    expect((await get(ENTRIES, { token: elsewhere.adminToken, functionId: FN, query: { pageId: page.id } })).body).toMatchObject({ code: "200", dataList: [] });
  });

  it(`takes at most ${FORM_DAILY_CAP} a day from one member, however many arrive at once`, async () => {
    const m = await member();
    const replies = await Promise.all(Array.from({ length: FORM_DAILY_CAP + 5 }, () => submit(m.token, { realname: "并发", mobile: "13600136000" })));
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === "200")).toHaveLength(FORM_DAILY_CAP);
    for (const r of replies.filter((r) => r.body.code !== "200")) expect(r.body.desc).toMatch(/今日提交次数已达上限，请明天再试|操作冲突，请重试/);
    const { data } = await FormQuota.get({ tenantId: t.clientId, mobileUserId: m.id, day: formatDate() }).go();
    expect(data?.n).toBe(FORM_DAILY_CAP);
    expect((await submit(m.token, { realname: "再来", mobile: "13600136000" })).body).toEqual({ code: "409", desc: "今日提交次数已达上限，请明天再试" });
  });

  it("a disabled page takes no answers", async () => {
    const top = await savePage("停用模块", 0, { version: 2 });
    const off = await savePage("停用表单", top.id, { version: 2, content: { data: [FORM] } });
    const view = await get(`${BASE}/view`, { token: t.adminToken, functionId: FN, query: { id: top.id } });
    expect((await post(`${BASE}/save`, { token: t.adminToken, functionId: FN, json: { ...view.body.data, enableStatus: 2 } })).body.code).toBe("200");
    const m = await member();
    expect((await post(SUBMIT, { token: m.token, json: { code: off.code, componentId: FORM.id, values: GOOD } })).body).toEqual({ code: "404", desc: "页面不存在或未启用" });
  });
});

describe("the render route makes a page live", () => {
  it("resolves an API alias through the proxy table and fills a List of the current column's menus", async () => {
    await saveStyleAttr(t.clientId, {
      styleen: API_PROXY_LIST,
      styleid: "newsList",
      stylename: "资讯列表",
      pseudocode: "/gateway/api/information/loadListByFunctionId?functionId=1302",
      seq: 1,
      displayornot: 1,
    });
    const top = await savePage("栏目", 0, { version: 2 });
    const column = await savePage("会员服务", top.id, {
      version: 2,
      content: {
        data: [
          { kind: "Information", id: "news", api: "newsList" },
          { kind: "Information", id: "lost", api: "noSuchAlias" },
          { kind: "Information", id: "plain", api: "/gateway/api/information/loadListByFunctionId?functionId=1303" },
          { kind: "List", id: "menu", dataFrom: "menu" },
        ],
      },
    });
    const a = await savePage("入住须知", column.id, { version: 2 });
    const b = await savePage("会员权益", column.id, { version: 2 });
    const hidden = await savePage("草稿", column.id, { version: 2 });
    const hv = await get(`${BASE}/view`, { token: t.adminToken, functionId: FN, query: { id: hidden.id } });
    expect((await post(`${BASE}/save`, { token: t.adminToken, functionId: FN, json: { ...hv.body.data, enableStatus: 2 } })).body.code).toBe("200");

    const r = await get("/gateway/api/custompage/render", { query: { code: column.code, domain: t.domain } });
    expect(r.body.code).toBe("200");
    const [news, lost, plain, menu] = r.body.data.document.content.data;
    expect(news.api).toBe("/gateway/api/information/loadListByFunctionId?functionId=1302");
    expect(lost.api).toBe("");
    expect(plain.api).toBe("/gateway/api/information/loadListByFunctionId?functionId=1303");
    expect(menu.data.map((i: { title: string; url: string }) => [i.title, i.url])).toEqual([
      ["入住须知", `/pages/custom/index?code=${a.code}`],
      ["会员权益", `/pages/custom/index?code=${b.code}`],
    ]);
    // The console's own view keeps the alias and the empty list: only members' reads are made live.
    const stored = JSON.parse((await get(`${BASE}/view`, { token: t.adminToken, functionId: FN, query: { id: column.id } })).body.data.configJson);
    expect(stored.content.data[0].api).toBe("newsList");
    expect(stored.content.data[3].data).toEqual([]);
  });
});
