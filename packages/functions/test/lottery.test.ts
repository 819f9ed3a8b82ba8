import { describe, it, expect, beforeAll } from "vitest";
import ExcelJS from "exceljs";
import { get, memberToken, post, testTenant } from "./harness.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { as, quickUser } from "./usersHelpers.ts";
import { drawPrize } from "@xiangyu/core/lottery/drawing";
import { formatDateTime, nowMs } from "@xiangyu/core/kernel/clock";

/**
 * Lotteries through the Lambda (R583–R594): every message of the forms, every right (A/E/D/P and
 * the distribution's E-or-A, 你没有派奖权限), the prize rules of a running activity, the summary,
 * the winner list, the distribution registration and the winners' export.
 */
const FN = 1501;
const P = "/gateway/api/lotter";
const DAY = 24 * 3600 * 1000;

let tenantId = "";
let full: ReturnType<typeof as>;
const only: Record<string, ReturnType<typeof as>> = {};

beforeAll(async () => {
  const t = await testTenant();
  tenantId = t.clientId;
  full = as((await quickUser(tenantId, { [FN]: "ADEP" }, { realname: "派奖员" })).token, FN);
  for (const l of ["A", "E", "D", "P", ""]) only[l || "none"] = as((await quickUser(tenantId, { [FN]: l })).token, FN);
}, 60_000);

const activity = (over: Record<string, string | number> = {}) => ({
  title: "双十一抽奖",
  startTime: formatDateTime(nowMs() - DAY),
  endTime: formatDateTime(nowMs() + DAY),
  userJoinLimit: 2,
  participantsNumber: 0,
  content: "<p>活动规则</p><script>alert(1)</script>",
  bgPic: "",
  bgColor: "#ae0026",
  color: "#ffffff",
  idisplay: 1,
  ...over,
});
const prize = (lotteryId: number, over: Record<string, string | number> = {}) => ({
  lotteryId,
  prizeName: "一等奖",
  prizePrice: 100,
  prizeCount: 2,
  lotteryWeight: "1.5",
  hasDistribute: 1,
  prizeTips: "",
  ...over,
});

async function newLottery(over: Record<string, string | number> = {}): Promise<number> {
  const r = await full.post(`${P}/save`, activity(over));
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data.id;
}

describe("the activity form (R583–R585)", () => {
  it("answers each field's message", async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ title: "" }, "活动标题不能为空"],
      [{ title: "字".repeat(51) }, "活动标题不能超过50个字"],
      [{ startTime: "" }, "开始时间不能为空"],
      [{ endTime: "" }, "结束时间不能为空"],
      [{ startTime: "2026-02-30 00:00:00" }, "时间格式不正确"],
      [{ startTime: "2026-12-01 00:00:00", endTime: "2026-11-01 00:00:00" }, "结束时间必须晚于开始时间"],
      [{ userJoinLimit: -1 }, "每人抽奖次数必须是0或正整数（0为不限）"],
      [{ userJoinLimit: "1.5" }, "每人抽奖次数必须是0或正整数（0为不限）"],
      [{ participantsNumber: "abc" }, "参与人数必须是0或正整数（0为不限）"],
      [{ bgColor: "red;x" }, "颜色格式不正确"],
    ];
    for (const [over, desc] of cases) expect((await full.post(`${P}/save`, activity(over))).body, JSON.stringify(over)).toMatchObject({ code: "400", desc });
  });

  it("saves with 0 as unlimited, a bare date as the day's start and end, and sanitised content; lists and views it", async () => {
    const r = await full.post(`${P}/save`, activity({ title: "字".repeat(50), startTime: "2026-01-01", endTime: "2026-01-31", userJoinLimit: 0 }));
    expect(r.body.data).toMatchObject({ startTime: "2026-01-01 00:00:00", endTime: "2026-01-31 23:59:59", userJoinLimit: 0, stateText: "已结束" });
    const view = await full.get(`${P}/view`, { id: r.body.data.id });
    expect(view.body.data.content).toBe("<p>活动规则</p>");
    const list = await only.none!.get(`${P}/list`, {});
    expect(list.body.code).toBe("200");
    expect(list.body.dataList.map((l: any) => l.id)).toContain(r.body.data.id);
    expect(list.body.dataList[0]).not.toHaveProperty("content");
    expect((await full.get(`${P}/view`, { id: 999999 })).body).toMatchObject({ code: "404", desc: "活动不存在或已被删除" });
  });
});

describe("rights (R586, R593)", () => {
  it("needs A to add, E to edit, D to delete, P to enable/disable, with the spec's texts", async () => {
    const id = await newLottery();
    expect((await only.E!.post(`${P}/save`, activity())).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    expect((await only.A!.post(`${P}/save`, activity({ id }))).body).toMatchObject({ code: "403", desc: "你没有修改权限" });
    expect((await only.E!.post(`${P}/save`, activity({ id, title: "改名" }))).body).toMatchObject({ code: "200" });
    expect((await only.A!.post(`${P}/delete`, { ids: String(id) })).body).toMatchObject({ code: "403", desc: "你没有删除权限" });
    expect((await only.E!.post(`${P}/passed`, { ids: String(id) })).body).toMatchObject({ code: "403", desc: "你没有启禁用权限" });
    expect((await only.P!.post(`${P}/passed`, { ids: "" })).body).toMatchObject({ code: "400", desc: "并没有选择启禁用项" });
    const toggled = await only.P!.post(`${P}/passed`, { ids: String(id) });
    expect(toggled.body).toMatchObject({ code: "200", dataList: [{ id, idisplay: 0 }] });
    expect((await only.E!.post(`${P}/prizesave`, prize(id))).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    expect((await only.D!.post(`${P}/delete`, { ids: "" })).body).toMatchObject({ code: "400", desc: "并没有选择删除项" });
    expect((await only.D!.post(`${P}/delete`, { ids: String(id) })).body).toMatchObject({ code: "200", desc: "删除成功" });
    expect((await full.get(`${P}/view`, { id })).body.code).toBe("404");
  });

  it("registers a distribution with E or A only (你没有派奖权限), status required (请选择派奖状态)", async () => {
    const id = await newLottery();
    await full.post(`${P}/prizesave`, prize(id, { prizeCount: 0 }));
    const { recordId } = await drawPrize({ tenantId, mobileUserId: 7, realname: "张三" }, id);
    for (const l of ["D", "P", "none"]) expect((await only[l]!.post(`${P}/recordsave`, { id: recordId, status: 1 })).body).toMatchObject({ code: "403", desc: "你没有派奖权限" });
    expect((await only.A!.post(`${P}/recordsave`, { id: recordId, status: "" })).body).toMatchObject({ code: "400", desc: "请选择派奖状态" });
    expect((await only.A!.post(`${P}/recordsave`, { id: recordId, status: "x" })).body).toMatchObject({ code: "400", desc: "请选择派奖状态" });
    expect((await only.A!.post(`${P}/recordsave`, { id: recordId, status: 0, remark: "待寄出" })).body.data).toMatchObject({ status: 0, distribution: "未派奖", remark: "待寄出" });
    const done = await full.post(`${P}/recordsave`, { id: recordId, status: 1, remark: "已寄出" });
    expect(done.body.data).toMatchObject({ status: 1, distribution: "已派奖", distributeUser: "派奖员" });
    expect(done.body.data.distributeTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await only.E!.post(`${P}/recordsave`, { id: 99999999, status: 1 })).body).toMatchObject({ code: "404", desc: "中奖记录不存在或已被删除" });
  });
});

describe("prizes (R587–R589) and what a running activity allows", () => {
  it("answers each prize field's message and defaults the tips", async () => {
    const id = await newLottery();
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ prizeName: "" }, "名称不能为空"],
      [{ prizeName: "奖".repeat(11) }, "名称不能超过10个字"],
      [{ prizePrice: "9.5" }, "奖品价值必须是不小于0的整数（元）"],
      [{ prizeCount: -1 }, "奖品数量必须是0或正整数（0为不限）"],
      [{ lotteryWeight: "" }, "中奖权重不能为空"],
      [{ lotteryWeight: "-1" }, "中奖权重必须是0到1000000之间的数字（最多两位小数）"],
      [{ lotteryWeight: "0.125" }, "中奖权重必须是0到1000000之间的数字（最多两位小数）"],
      [{ lotteryId: "" }, "活动不存在或已被删除"],
      [{ lotteryId: 999999 }, "活动不存在或已被删除"],
    ];
    for (const [over, desc] of cases) expect((await full.post(`${P}/prizesave`, prize(id, over))).body.desc, JSON.stringify(over)).toBe(desc);
    const saved = await full.post(`${P}/prizesave`, prize(id, { prizeName: "电饭煲" }));
    expect(saved.body.data).toMatchObject({ prizeName: "电饭煲", prizeTips: "恭喜您获得电饭煲", lotteryWeight: 1.5, hasDelete: 0, remaining: 2 });
    const view = await full.get(`${P}/prizeview`, { id: saved.body.data.id });
    expect(view.body.data).toMatchObject({ id: saved.body.data.id, lotteryId: id });
    const list = await full.get(`${P}/prizelist`, { lotteryId: id });
    expect(list.body.dataList).toHaveLength(1);
  });

  it("never lowers a count below what was won, locks the odds once members draw, and keeps a won prize", async () => {
    const id = await newLottery({ userJoinLimit: 0 });
    const gold = (await full.post(`${P}/prizesave`, prize(id, { prizeName: "金奖", prizeCount: 1, lotteryWeight: 1 }))).body.data.id;
    const none = (await full.post(`${P}/prizesave`, prize(id, { prizeName: "谢谢参与", prizeCount: 0, prizePrice: 0, lotteryWeight: 0.01, hasDistribute: 0 }))).body.data.id;
    // With weights 1 : 0.01 the first draw is almost surely gold; draw until gold is won.
    for (let i = 0; i < 20; i++) {
      await drawPrize({ tenantId, mobileUserId: 100 + i, realname: `会员${i}` }, id);
      if ((await full.get(`${P}/prizeview`, { id: gold })).body.data.won === 1) break;
    }
    const g = (await full.get(`${P}/prizeview`, { id: gold })).body.data;
    expect(g).toMatchObject({ won: 1, remaining: 0, hasDelete: 1 });
    expect((await full.post(`${P}/prizesave`, prize(id, { id: gold, prizeName: "金奖", prizeCount: 1, lotteryWeight: 2 }))).body.desc).toBe(
      "活动进行中，不能修改中奖权重（请先禁用活动）",
    );
    expect((await full.post(`${P}/prizesave`, prize(id, { prizeName: "新奖" }))).body.desc).toBe("活动进行中，不能新增奖品（请先禁用活动）");
    expect((await full.post(`${P}/prizesave`, prize(id, { id: none, prizeName: "谢谢参与", prizeCount: 5, lotteryWeight: 0.01 }))).body.desc).toBe(
      "活动进行中，奖品数量只能增加（请先禁用活动）",
    );
    expect((await full.post(`${P}/prizesave`, prize(id, { id: gold, prizeName: "金奖", prizeCount: 3, lotteryWeight: 1 }))).body).toMatchObject({ code: "200" });
    expect((await full.post(`${P}/prizedelete`, { id: gold })).body.desc).toBe("金奖：该奖品已有中奖记录，不能删除");
    expect((await full.post(`${P}/delete`, { ids: String(id) })).body.desc).toBe("双十一抽奖：该活动已有抽奖记录，不能删除");
    // Disabled: the odds may change, but never a count below what was won.
    await full.post(`${P}/passed`, { ids: String(id) });
    expect((await full.post(`${P}/prizesave`, prize(id, { id: gold, prizeName: "金奖", prizeCount: 0, lotteryWeight: 5 }))).body.code).toBe("200");
    const won = (await full.get(`${P}/prizeview`, { id: none })).body.data.won;
    if (won > 1)
      expect((await full.post(`${P}/prizesave`, prize(id, { id: none, prizeName: "谢谢参与", prizeCount: 1, lotteryWeight: 1 }))).body.desc).toBe(
        `奖品数量不能少于已中奖数量：${won}`,
      );
    const extra = (await full.post(`${P}/prizesave`, prize(id, { prizeName: "新奖" }))).body.data.id;
    expect((await full.post(`${P}/prizedelete`, { id: extra })).body).toMatchObject({ code: "200", desc: "删除成功" });
    expect((await full.get(`${P}/prizeview`, { id: extra })).body.desc).toBe("奖品不存在或已被删除");
  });
});

describe("summary, winners and export (R590–R592)", () => {
  it("counts won, remaining and draws per prize, lists the winners with their labels, and exports them", async () => {
    const id = await newLottery({ userJoinLimit: 0 });
    await full.post(`${P}/prizesave`, prize(id, { prizeName: "耳机", prizePrice: 199, prizeCount: 2, lotteryWeight: 1 }));
    await full.post(`${P}/prizesave`, prize(id, { prizeName: "谢谢参与", prizePrice: 0, prizeCount: 0, lotteryWeight: 1, hasDistribute: 0 }));
    for (let i = 0; i < 6; i++) await drawPrize({ tenantId, mobileUserId: 300 + i, realname: `会员${i}`, mobile: `1380000000${i}` }, id);
    const sum = await full.get(`${P}/totallist`, { lotteryId: id });
    expect(sum.body.data).toEqual({ draws: 6, participants: 6 });
    const [phones, thanks] = sum.body.dataList;
    expect(phones).toMatchObject({ prizeName: "耳机", prizeCount: 2, remaining: 2 - phones.won, drawCount: `${phones.won}/6`, total: 6 });
    expect(thanks).toMatchObject({ prizeName: "谢谢参与", remaining: null, drawCount: `${6 - phones.won}/6` });

    const list = await full.get(`${P}/recordlist`, { lotteryId: id, pageSize: 20 });
    expect(list.body.pageParams.maxCount).toBe(6);
    expect(list.body.dataList).toHaveLength(6);
    for (const r of list.body.dataList) {
      if (r.prizeName === "耳机") expect(r).toMatchObject({ prizeValue: "199元", distribution: "未派奖", hasDistribute: 1 });
      else expect(r).toMatchObject({ prizeValue: "-", distribution: "无需派奖", hasDistribute: 0 });
    }
    const thanksRecord = list.body.dataList.find((r: any) => r.hasDistribute === 0);
    expect((await full.post(`${P}/recordsave`, { id: thanksRecord.id, status: 1 })).body.desc).toBe("该奖品无需派奖");
    const one = await full.get(`${P}/recordview`, { id: list.body.dataList[0].id });
    expect(one.body.data.id).toBe(list.body.dataList[0].id);
    const searched = await full.get(`${P}/recordlist`, { lotteryId: id, keyword: "会员3" });
    expect(searched.body.dataList.map((r: any) => r.realname)).toEqual(["会员3"]);

    const file = await only.none!.get(`${P}/recordexport`, { lotteryId: id });
    expect(file.body.data).toMatchObject({ name: "双十一抽奖-中奖名单.xlsx", rows: 6, capped: false });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.body.data.base64, "base64") as any);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, "中奖用户", "手机号", "奖品名称", "奖品价值", "中奖时间", "派奖状态", "派奖时间", "派奖人", "备注"]);
    expect(ws.rowCount).toBe(7);
    expect((await full.get(`${P}/recordexport`, { lotteryId: 999999 })).body.desc).toBe("活动不存在或已被删除");
  });
});

describe("the member's view and draw (mp/view, mp/draw)", () => {
  it("draws as the signed-in mobile user, records who drew, and refuses staff tokens and spent members", async () => {
    const id = await newLottery({ userJoinLimit: 1 });
    await full.post(`${P}/prizesave`, prize(id, { prizeName: "红包", prizePrice: 8, prizeCount: 0, lotteryWeight: 1, prizeTips: "恭喜您获得8元红包" }));
    const [mu] = await registerMobileUsers(tenantId, [{ userId: `wx-${Date.now()}`, realname: "李四", mobile: "13912345678" }]);
    const token = await memberToken(tenantId, mu!);
    const before = await get(`${P}/mp/view`, { token, query: { lotteryId: id } });
    expect(before.body.data).toMatchObject({
      title: "双十一抽奖",
      stateText: "进行中",
      draws: 0,
      drawsLeft: 1,
      prizes: [{ prizeName: "红包", prizeValue: "8元", remaining: null, chance: "100%" }],
    });
    expect(before.body.data.content).toBe("<p>活动规则</p>");
    const r = await post(`${P}/mp/draw`, { token, form: { lotteryId: id } });
    expect(r.body).toMatchObject({ code: "200", desc: "恭喜您获得8元红包", data: { prizeName: "红包", prizeValue: "8元", draws: 1, drawsLeft: 0 } });
    expect((await post(`${P}/mp/draw`, { token, form: { lotteryId: id } })).body).toMatchObject({ code: "409", desc: "您的抽奖次数已用完" });
    expect((await post(`${P}/mp/draw`, { token, form: { lotteryId: "" } })).body).toMatchObject({ code: "400", desc: "活动不存在或已被删除" });
    expect((await get(`${P}/mp/view`, { token, query: { lotteryId: id } })).body.data).toMatchObject({ draws: 1, drawsLeft: 0 });
    expect((await post(`${P}/mp/draw`, { form: { lotteryId: id } })).status).toBe(401);
    await full.post(`${P}/passed`, { ids: String(id) });
    expect((await get(`${P}/mp/view`, { token, query: { lotteryId: id } })).body).toMatchObject({ code: "404", desc: "活动不存在或已被删除" });
    const staff = (await quickUser(tenantId, { [FN]: "ADEP" })).token;
    expect((await post(`${P}/mp/draw`, { token: staff, form: { lotteryId: id } })).status).toBe(401);
    const winners = await full.get(`${P}/recordlist`, { lotteryId: id });
    expect(winners.body.dataList).toEqual([expect.objectContaining({ realname: "李四", mobile: "13912345678", mobileUserId: mu, prizeName: "红包" })]);
  });
});

describe("the member's lists (issue 34: mp/list, mp/records) and the bound mobile a draw needs", () => {
  const newMember = async (mobile = "") => {
    const [mu] = await registerMobileUsers(tenantId, [{ userId: `wx-${Math.random().toString(36).slice(2)}`, realname: "会员", mobile }]);
    return { id: mu!, token: await memberToken(tenantId, mu!) };
  };

  it("lists the activities running now with my draws left, and only my own draws with their distribution state", async () => {
    const open = await newLottery({ title: "开放活动", userJoinLimit: 2 });
    await full.post(`${P}/prizesave`, prize(open, { prizeName: "实物奖", prizeCount: 0, lotteryWeight: 1, hasDistribute: 1 }));
    const unlimitedDraws = await newLottery({ title: "不限次数", userJoinLimit: 0 });
    const disabled = await newLottery({ title: "已禁用", idisplay: 0 });
    const ended = await newLottery({ title: "已结束", startTime: formatDateTime(nowMs() - 3 * DAY), endTime: formatDateTime(nowMs() - DAY) });
    const later = await newLottery({ title: "未开始", startTime: formatDateTime(nowMs() + DAY), endTime: formatDateTime(nowMs() + 3 * DAY) });
    const [me, other] = [await newMember("13911110001"), await newMember("13911110002")];
    const mine = await post(`${P}/mp/draw`, { token: me.token, form: { lotteryId: open } });
    expect(mine.body.code).toBe("200");
    const theirs = await post(`${P}/mp/draw`, { token: other.token, form: { lotteryId: open } });

    const list = await get(`${P}/mp/list`, { token: me.token, query: { pageSize: 100 } });
    expect(list.body.code).toBe("200");
    const ids = list.body.dataList.map((l: any) => l.id);
    expect(ids).toEqual(expect.arrayContaining([open, unlimitedDraws]));
    for (const shut of [disabled, ended, later]) expect(ids).not.toContain(shut);
    expect(list.body.dataList.find((l: any) => l.id === open)).toMatchObject({ title: "开放活动", stateText: "进行中", userJoinLimit: 2, draws: 1, drawsLeft: 1 });
    expect(list.body.dataList.find((l: any) => l.id === unlimitedDraws)).toMatchObject({ draws: 0, drawsLeft: null });
    expect((await get(`${P}/mp/list`, { token: other.token, query: { pageSize: 100 } })).body.dataList.find((l: any) => l.id === open)).toMatchObject({ draws: 1, drawsLeft: 1 });

    const records = await get(`${P}/mp/records`, { token: me.token });
    expect(records.body.dataList).toEqual([
      expect.objectContaining({ id: mine.body.data.recordId, lotteryId: open, lotteryTitle: "开放活动", prizeName: "实物奖", hasDistribute: 1, status: 0, distribution: "未派奖" }),
    ]);
    expect(records.body.pageParams).toMatchObject({ maxCount: 1 });
    expect((await get(`${P}/mp/records`, { token: other.token })).body.dataList.map((r: any) => r.id)).toEqual([theirs.body.data.recordId]);
    // Staff register the distribution: the member sees it.
    expect((await full.post(`${P}/recordsave`, { id: mine.body.data.recordId, status: 1, remark: "已寄出" })).body.code).toBe("200");
    expect((await get(`${P}/mp/records`, { token: me.token })).body.dataList[0]).toMatchObject({ status: 1, distribution: "已派奖" });
    expect((await get(`${P}/mp/records`, { token: me.token })).body.dataList[0].distributeTime).not.toBe("");
  });

  it("refuses a draw before the member has bound a mobile, and staff tokens on the member lists", async () => {
    const id = await newLottery({ title: "需绑定" });
    await full.post(`${P}/prizesave`, prize(id, { prizeName: "谢谢参与", prizeCount: 0, lotteryWeight: 1, hasDistribute: 0 }));
    const unbound = await newMember("");
    expect((await post(`${P}/mp/draw`, { token: unbound.token, form: { lotteryId: id } })).body).toMatchObject({ code: "409", desc: "请先绑定手机号" });
    expect((await get(`${P}/mp/records`, { token: unbound.token })).body.dataList).toEqual([]);
    const staff = (await quickUser(tenantId, { [FN]: "ADEP" })).token;
    for (const path of [`${P}/mp/list`, `${P}/mp/records`]) {
      expect((await get(path, { token: staff, functionId: FN })).status, path).toBe(401);
      expect((await get(path, {})).status, path).toBe(401);
    }
    expect((await get(`${P}/list`, { token: unbound.token, functionId: FN })).status).toBe(401);
    // Another tenant's member sees none of this tenant's activities or draws.
    const elsewhere = await testTenant();
    const [stranger] = await registerMobileUsers(elsewhere.clientId, [{ userId: "wx-stranger", mobile: "13911110003" }]);
    const token = await memberToken(elsewhere.clientId, stranger!);
    expect((await get(`${P}/mp/list`, { token })).body.dataList).toEqual([]);
    expect((await post(`${P}/mp/draw`, { token, form: { lotteryId: id } })).body).toMatchObject({ code: "404", desc: "活动不存在或已被删除" });
  }, 60_000);
});
