import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { StoredFile } from "@xiangyu/core/files/entities";
import { MpConfig } from "@xiangyu/core/platform/mp/entities";
import { PayConfig } from "@xiangyu/core/platform/configEntities";
import { joinMiniProgram } from "@xiangyu/core/platform/mp/members";
import { profitReceivers } from "@xiangyu/core/platform/mp/receivers";
import { payconfigReplyIsError } from "@xiangyu/core/platform/mp/rules";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { open } from "@xiangyu/core/clients/secretBox";
import { shareRecordItems } from "@xiangyu/core/finance/profitSharing/records";
import { INCOMPLETE } from "@xiangyu/core/kernel/fields";
import { get, post, testTenant } from "./harness.ts";

/** Mini-programs (R488–R503): rights, messages, the all-or-nothing receivers, sealed secrets, the OPENID lookup. */
const FN = 1108;
const P = "/xiangyu/api/mpconfig";
type Form = Record<string, string | number>;

let t: Awaited<ReturnType<typeof testTenant>>;
const as = (token: string) => ({
  get: (path: string, query: Form = {}) => get(`${P}/${path}`, { token, functionId: FN, query }),
  post: (path: string, form: Form = {}) => post(`${P}/${path}`, { token, functionId: FN, form }),
});
let admin: ReturnType<typeof as>;
const uid = () => randomBytes(4).toString("hex");
const appId = () => `wx${randomBytes(8).toString("hex")}`;
const basic = (more: Form = {}): Form => ({ appId: appId(), mpName: "享域小程序", shop: "001", menuCode: "home", ...more });
/** The basic settings form as the console sends it: every field (an edit must send the whole record). */
const wholeBasic = (more: Form = {}): Form =>
  basic({ logo: "", content: "", videoUrl: "", videoWidth: 0, videoHeight: 0, muted: 0, bgColor: "", contactTips: "", buyTips: "", idisplay: 1, ...more });
/** The account configuration as the console sends it: every field, blank unless given (blank secrets keep the stored ones). */
const PAY_FIELDS = ["secret", "mchId", "mchName", "secretNumber", "apiV3Key", "certPath", "publickeyId", "publicKeyPath"];
const PARTY_FIELDS = ["group", "agent", "channel"].flatMap((p) => [`${p}Type`, `${p}Name`, `${p}Account`]);
const pay = (id: number, more: Form = {}): Form => ({ ...Object.fromEntries([...PAY_FIELDS, ...PARTY_FIELDS].map((k) => [k, ""])), id, ...more });

async function created(more: Form = {}): Promise<number> {
  const r = await admin.post("saveMpconfig", basic(more));
  expect(r.body.code, r.body.desc).toBe("200");
  return r.body.data.id;
}

async function pem(tenantId = t.clientId): Promise<string> {
  const hash = randomBytes(32).toString("hex");
  const remotename = `${tenantId}/${hash}.pem`;
  await StoredFile.create({
    tenantId,
    hash,
    ext: "pem",
    remotename,
    kind: "pem",
    size: 100,
    contentType: "application/octet-stream",
    localname: "a.pem",
    createTime: "2026-01-01 00:00:00",
    createdAt: 0,
    confirmed: true,
    verified: true,
  }).go();
  return remotename;
}

beforeAll(async () => {
  t = await testTenant();
  admin = as(t.adminToken);
});

describe("basic settings (saveMpconfig, R488–R491)", () => {
  it("refuses each required field with its message and trims every text", async () => {
    expect((await admin.post("saveMpconfig", basic({ appId: "  " }))).body.desc).toBe("小程序AppId不能为空");
    expect((await admin.post("saveMpconfig", basic({ mpName: "" }))).body.desc).toBe("小程序名称不能为空");
    expect((await admin.post("saveMpconfig", basic({ mpName: "一二三四五六七八九十一" }))).body.desc).toBe("小程序名称不能超过10个字");
    expect((await admin.post("saveMpconfig", basic({ shop: "" }))).body.desc).toBe("所属门店不能为空");
    expect((await admin.post("saveMpconfig", basic({ menuCode: "" }))).body.desc).toBe("菜单编码不能为空");
    expect((await admin.post("saveMpconfig", basic({ buyTips: "一二三四五六七八九十一二三四五六七八九十一" }))).body.desc).toBe("提示不能超过20个字");
    expect((await admin.post("saveMpconfig", basic({ videoUrl: "https://v.example.com/a.avi" }))).body.desc).toBe("视频只支持.mp4、.3gp、.m3u8格式");
    for (const ext of ["mp4", "3gp", "m3u8"]) expect((await admin.post("saveMpconfig", basic({ videoUrl: `https://v.example.com/a.${ext}` }))).body.code).toBe("200");
    const r = await admin.post("saveMpconfig", basic({ mpName: "  十个字以内的名字  ", contactTips: "  联系我们 ", buyTips: " 购买须知" }));
    expect(r.body.data).toMatchObject({ mpName: "十个字以内的名字", contactTips: "联系我们", buyTips: "购买须知", idisplay: 1, clientId: t.clientId });
  });

  it("an AppId belongs to one mini-program in the whole platform", async () => {
    const id = appId();
    await created({ appId: id });
    expect((await admin.post("saveMpconfig", basic({ appId: id }))).body.desc).toBe("该小程序AppId已被使用");
    const other = await testTenant();
    expect((await post(`${P}/saveMpconfig`, { token: other.adminToken, functionId: FN, form: basic({ appId: id }) })).body.desc).toBe("该小程序AppId已被使用");
  });

  it("lists with a name search and paging, and edits keep the record", async () => {
    const name = `搜${uid().slice(0, 4)}`;
    const id = await created({ mpName: name });
    const list = await admin.get("getMpconfigList", { keyword: name, currentPage: 1, pageSize: 20 });
    expect(list.body.dataList.map((m: any) => m.id)).toEqual([id]);
    expect(list.body.pageParams).toMatchObject({ maxCount: 1, currentPage: 1 });
    const edited = await admin.post("saveMpconfig", wholeBasic({ id, mpName: "改名", appId: list.body.dataList[0].appId }));
    expect(edited.body.data).toMatchObject({ id, mpName: "改名" });
    const page2 = await admin.get("getMpconfigList", { currentPage: 2, pageSize: 20 });
    expect(page2.body.pageParams.currentPage).toBe(2);
  });
});

describe("rights (R499, R500)", () => {
  it("save needs A (new) or E (edit), the switch P, delete D, the account configuration and the lookup S", async () => {
    const id = await created();
    const none = as((await t.userWith({ [FN]: "" })).token);
    expect((await none.get("getMpconfigList")).body.code).toBe("200");
    expect((await none.post("saveMpconfig", basic())).body.desc).toBe("你没有新增权限");
    expect((await none.post("saveMpconfig", wholeBasic({ id }))).body.desc).toBe("你没有修改权限");
    expect((await none.post("passedMpconfig", { id })).body.desc).toBe("你没有启禁用权限");
    expect((await none.post("deleteMpconfig", { id })).body.desc).toBe("你没有删除权限");
    expect((await none.post("savePayconfig", { id })).body.desc).toBe("你无操作权限");
    expect((await none.get("getMpOpenIdByMobileAndAppId", { appId: "wx1", mobile: "13800000000" })).body.desc).toBe("你无操作权限");
    const all = as((await t.userWith({ [FN]: "AEDPS" })).token);
    expect((await all.post("passedMpconfig", { id, idisplay: 0 })).body).toMatchObject({ code: "200", desc: "停用成功", data: { idisplay: 0 } });
    expect((await all.post("passedMpconfig", { id })).body).toMatchObject({ code: "200", desc: "启用成功", data: { idisplay: 1 } });
    expect((await all.post("deleteMpconfig", { id })).body.code).toBe("200");
    expect((await all.get("getMpconfigView", { id })).body.desc).toBe("小程序不存在或已被删除");
  });

  it("another tenant's record is not found", async () => {
    const id = await created();
    const other = await testTenant();
    const r = await get(`${P}/getMpconfigView`, { token: other.adminToken, functionId: FN, query: { id } });
    expect(r.body.desc).toBe("小程序不存在或已被删除");
  });
});

describe("account configuration (savePayconfig, R492–R498)", () => {
  const triple = (p: string, type = "MERCHANT_ID", name = "集团公司", account = "1900000109") => ({ [`${p}Type`]: type, [`${p}Name`]: name, [`${p}Account`]: account });

  it("each receiver triple is all or nothing, with its party's message, checked group, agent, channel", async () => {
    const id = await created();
    for (const [p, msg] of [
      ["group", "请完善集团分账信息"],
      ["agent", "请完善代理分账信息"],
      ["channel", "请完善渠道分账信息"],
    ] as const) {
      for (const partial of [{ [`${p}Type`]: "MERCHANT_ID" }, { [`${p}Name`]: "某某" }, { [`${p}Account`]: "123" }, { [`${p}Type`]: "PERSONAL_OPENID", [`${p}Account`]: "oabc" }]) {
        const r = await admin.post("savePayconfig", pay(id, { ...partial }));
        expect(r.body.desc).toBe(msg);
      }
    }
    // The first incomplete party is named.
    expect((await admin.post("savePayconfig", pay(id, { agentName: "x", channelName: "y" }))).body.desc).toBe("请完善代理分账信息");
    expect((await admin.post("savePayconfig", pay(id, { ...triple("group", "BANK") }))).body.desc).toBe("分账接收方类型只能是商户号或个人OPENID");
    // All three empty: the party takes no part (R496); all filled: saved.
    const ok = await admin.post("savePayconfig", pay(id, { ...triple("group"), ...triple("channel", "PERSONAL_OPENID", "张三", "oUser123") }));
    expect(ok.body.code, ok.body.desc).toBe("200");
    expect(payconfigReplyIsError(ok.body.desc)).toBe(false);
    expect(ok.body.data).toMatchObject({ groupAccount: "1900000109", agentType: "", agentAccount: "", channelType: "PERSONAL_OPENID" });
  });

  it("seals the AppSecret, the APIv3 key and the .pem files, never returns them, and blank keeps them", async () => {
    const id = await created();
    const cert = await pem();
    const key = await pem();
    const r = await admin.post("savePayconfig", {
      ...pay(id),
      secret: "app-secret-1",
      mchId: "1900000109",
      mchName: "享域",
      apiV3Key: "v3key-0123456789",
      certPath: cert,
      publicKeyPath: key,
      publickeyId: "PUB_KEY_ID_0112345678",
    });
    expect(r.body.code, r.body.desc).toBe("200");
    const text = JSON.stringify(r.body) + JSON.stringify((await admin.get("getMpconfigView", { id })).body) + JSON.stringify((await admin.get("getMpconfigList")).body);
    for (const secret of ["app-secret-1", "v3key-0123456789", cert, key]) expect(text).not.toContain(secret);
    expect(r.body.data).toMatchObject({ secret: "******", apiV3Key: "******", certPath: "******", publicKeyPath: "******", mchId: "1900000109" });
    const { data: stored } = await MpConfig.get({ tenantId: t.clientId, id }).go();
    expect(stored!.secret).not.toBe("app-secret-1");
    expect(open(stored!.secret ?? "", t.clientId)).toBe("app-secret-1");
    expect(open(stored!.certPath ?? "", t.clientId)).toBe(cert);
    // Blank and the mask keep what is stored.
    expect((await admin.post("savePayconfig", pay(id, { secret: "******", apiV3Key: "", mchId: "1900000109" }))).body.code).toBe("200");
    const { data: kept } = await MpConfig.get({ tenantId: t.clientId, id }).go();
    expect(open(kept!.secret ?? "", t.clientId)).toBe("app-secret-1");
    expect(open(kept!.apiV3Key ?? "", t.clientId)).toBe("v3key-0123456789");
  });

  it("a merchant number of a payment channel binds it: the channel's binding count follows, and a channel created later is never decremented", async () => {
    const id = await created();
    const mchId = `19${String(Date.now()).slice(-8)}`;
    const channelId = 900_000 + Math.floor(Math.random() * 99_999);
    await PayConfig.create({ id: channelId, appType: 2, mchId, mchName: "渠道商户", bindingCount: 0 }).go();
    const count = async () => (await PayConfig.get({ id: channelId }).go()).data!.bindingCount;
    expect((await admin.post("savePayconfig", pay(id, { mchId }))).body.code).toBe("200");
    expect(await count()).toBe(1);
    expect((await admin.post("savePayconfig", pay(id, { mchId }))).body.code).toBe("200");
    expect(await count()).toBe(1);
    expect((await admin.post("savePayconfig", pay(id, { mchId: "1234567" }))).body.code).toBe("200");
    expect(await count()).toBe(0);
    expect((await admin.post("savePayconfig", pay(id, { mchId }))).body.code).toBe("200");
    expect(await count()).toBe(1);
    expect((await admin.post("deleteMpconfig", { id })).body.code).toBe("200");
    expect(await count()).toBe(0);
    await PayConfig.delete({ id: channelId }).go();
  });

  it("accepts only verified .pem uploads of the caller's tenant", async () => {
    const id = await created();
    expect((await admin.post("savePayconfig", pay(id, { certPath: `${t.clientId}/abc.txt` }))).body.desc).toBe("证书和公钥只能上传.pem文件");
    expect((await admin.post("savePayconfig", pay(id, { certPath: `${t.clientId}/${"a".repeat(64)}.pem` }))).body.desc).toBe("证书和公钥只能上传.pem文件");
    const other = await testTenant();
    expect((await admin.post("savePayconfig", pay(id, { certPath: await pem(other.clientId) }))).body.desc).toBe("证书和公钥只能上传.pem文件");
  });

  it("refuses a post of some fields only, and leaves the record as it was (a whole-record save)", async () => {
    const id = await created();
    const full = pay(id, {
      mchId: "1900000109",
      mchName: "享域",
      ...triple("group"),
      ...triple("agent", "MERCHANT_ID", "代理", "1900000110"),
      ...triple("channel", "PERSONAL_OPENID", "渠道", "oCh1"),
    });
    expect((await admin.post("savePayconfig", full)).body.code).toBe("200");
    const { data: before } = await MpConfig.get({ tenantId: t.clientId, id }).go();
    // The merchant step alone: the receivers it left out are not cleared, the save is refused.
    const merchantOnly = { id, mchId: "1900000111", mchName: "新商户" };
    expect((await admin.post("savePayconfig", merchantOnly)).body).toEqual({ code: "400", desc: INCOMPLETE });
    const oneLeftOut = Object.fromEntries(Object.entries(full).filter(([k]) => k !== "channelAccount"));
    expect((await admin.post("savePayconfig", oneLeftOut)).body).toEqual({ code: "400", desc: INCOMPLETE });
    expect((await post(`${P}/savePayconfig`, { token: t.adminToken, functionId: FN, json: { id, mchId: "1900000111" } })).body).toEqual({ code: "400", desc: INCOMPLETE });
    expect((await MpConfig.get({ tenantId: t.clientId, id }).go()).data).toEqual(before);
    // Sent blank is a value: the whole record with a party blanked clears that party.
    const cleared = await admin.post("savePayconfig", { ...full, agentType: "", agentName: "", agentAccount: "" });
    expect(cleared.body.data).toMatchObject({ groupAccount: "1900000109", agentAccount: "", channelAccount: "oCh1", mchName: "享域" });
  });

  it("the basic settings too: an edit must send every field, a new record may leave optional ones out", async () => {
    const id = await created({ content: "简介", buyTips: "须知" });
    const { data: before } = await MpConfig.get({ tenantId: t.clientId, id }).go();
    expect((await admin.post("saveMpconfig", basic({ id, appId: before!.appId, mpName: "改名" }))).body).toEqual({ code: "400", desc: INCOMPLETE });
    expect((await MpConfig.get({ tenantId: t.clientId, id }).go()).data).toEqual(before);
    const edited = await admin.post("saveMpconfig", wholeBasic({ id, appId: before!.appId, mpName: "改名", content: "简介", buyTips: "" }));
    expect(edited.body.data).toMatchObject({ mpName: "改名", content: "简介", buyTips: "" });
    // A new record without its required fields still says which one.
    expect((await admin.post("saveMpconfig", { appId: appId(), shop: "001", menuCode: "home" })).body.desc).toBe("小程序名称不能为空");
  });

  it("the reply rule (R498): 失败 or 不正确 is an error, anything else a success", () => {
    expect(payconfigReplyIsError("保存成功")).toBe(false);
    expect(payconfigReplyIsError("保存失败")).toBe(true);
    expect(payconfigReplyIsError("商户号不正确")).toBe(true);
  });
});

describe("OPENID lookup (getMpOpenIdByMobileAndAppId, R501–R503)", () => {
  it("answers the three outcomes: no appId, no mobile, not registered — and the openid of a member", async () => {
    const mpAppId = appId();
    await created({ appId: mpAppId });
    const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: "", mobile })).body.desc).toBe("请先在配置表中设置appId");
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile: "" })).body.desc).toBe("请先填写手机号码");
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile })).body.desc).toBe("该手机号未注册成为该小程序的用户");
    const [userId] = await registerMobileUsers(t.clientId, [{ userId: `mu${uid()}`, mobile, realname: "小程序用户" }]);
    // A mobile user of the tenant who never signed in through this mini-program is not its user.
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile })).body.desc).toBe("该手机号未注册成为该小程序的用户");
    await joinMiniProgram(t.clientId, mpAppId, userId!, "oMember000001");
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile })).body).toMatchObject({ code: "200", data: "oMember000001" });
    // Another mini-program of the tenant does not share the openid (openids are per app).
    expect((await admin.get("getMpOpenIdByMobileAndAppId", { appId: appId(), mobile })).body.desc).toBe("该手机号未注册成为该小程序的用户");
  });

  it("finds a member who signed in through the mini-program (POST /xiangyu/api/mp/login)", async () => {
    // A tenant of its own: the sign-in takes its only enabled mini-program without naming it.
    const tt = await testTenant();
    const mine = as(tt.adminToken);
    const mpAppId = appId();
    expect((await mine.post("saveMpconfig", basic({ appId: mpAppId }))).body.code).toBe("200");
    // The mobile user is known with a mobile (imported by staff) before they ever open the mini-program.
    const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const openId = `oSigned${uid()}`;
    await registerMobileUsers(tt.clientId, [{ userId: openId, mobile, realname: "签到会员" }]);
    expect((await mine.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile })).body.desc).toBe("该手机号未注册成为该小程序的用户");
    const login = await post("/xiangyu/api/mp/login", { form: { tenant: tt.clientId, code: `sandbox:${openId}` } });
    expect(login.body.code, login.body.desc).toBe("200");
    expect((await mine.get("getMpOpenIdByMobileAndAppId", { appId: mpAppId, mobile })).body).toMatchObject({ code: "200", data: openId });
  });
});

describe("profit sharing pays the enabled mini-program's receivers", () => {
  it("the records carry its AppId and accounts; a party without a receiver gets no record", async () => {
    const tt = await testTenant();
    const mine = as(tt.adminToken);
    const mpAppId = appId();
    const id = (await mine.post("saveMpconfig", basic({ appId: mpAppId }))).body.data.id;
    const r = await mine.post("savePayconfig", {
      ...pay(id),
      groupType: "MERCHANT_ID",
      groupName: "集团",
      groupAccount: "1900000001",
      channelType: "PERSONAL_OPENID",
      channelName: "渠道甲",
      channelAccount: "oChannel0001",
    });
    expect(r.body.code, r.body.desc).toBe("200");
    expect(await profitReceivers(tt.clientId)).toMatchObject({ appId: mpAppId, receivers: { group: { account: "1900000001" }, channel: { account: "oChannel0001" } } });
    const items = await shareRecordItems({
      tenantId: tt.clientId,
      orderId: "CP1",
      orderName: "产品",
      shop: "001",
      payFen: 100_000,
      split: { profitsharingAmount: 10, agentAmount: 5, channelAmount: 5 },
    });
    const records = items.flatMap((i) => (i.Put && (i.Put.Item as any).accountType ? [i.Put.Item as any] : []));
    expect(records.map((x) => [x.accountType, x.account, x.appId, x.accountName])).toEqual([
      ["profitsharingAmount", "1900000001", mpAppId, "集团"],
      ["channelAmount", "oChannel0001", mpAppId, "渠道甲"],
    ]);
    // Disabled: no mini-program pays, the sandbox's own receivers stand in as before.
    await mine.post("passedMpconfig", { id, idisplay: 0 });
    expect(await profitReceivers(tt.clientId)).toBeNull();
  });
});
