import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { PayConfig, SmsConfig, WxConfig, WxFlag, DbConfig } from "@xiangyu/core/platform/configEntities";
import { StoredFile } from "@xiangyu/core/files/entities";
import { OpLog } from "@xiangyu/core/auth/entities";
import { open } from "@xiangyu/core/clients/secretBox";
import { removeWxConfigsOf } from "@xiangyu/core/platform/wxConfig";
import { workersIdle } from "@xiangyu/core/kernel/background";
import { routes } from "../src/platformConfig/routes.ts";
import { get, post, testTenant } from "./harness.ts";
import { editOf } from "./editForm.ts";
import { PayConfigInput } from "@xiangyu/core/platform/paySchemas";
import { WxConfigInput } from "@xiangyu/core/platform/wxSchemas";
import { DbConfigInput } from "@xiangyu/core/platform/dbSchemas";

/** Platform configuration (R443–R475, R484–R487) as the platform operator and as a tenant's own administrator. */
const PAY_FN = 1102;
const WX_FN = 1103;
const SMS_FN = 1104;
const DB_FN = 1105;
const APP_FN = 1107;
const P = "/gateway/api/manage/platform";

let op: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
type Form = Record<string, string | number>;
const as = (fn: number) => ({
  get: (path: string, query: Form = {}) => get(path, { token: op.adminToken, functionId: fn, query }),
  post: (path: string, form: Form = {}) => post(path, { token: op.adminToken, functionId: fn, form }),
});
const pay = as(PAY_FN);
const wx = as(WX_FN);
const sms = as(SMS_FN);
const db = as(DB_FN);
const app = as(APP_FN);

/** A sealed platform secret opened (clients/secretBox.ts, the platform namespace). */
const opened = (sealed: string | undefined) => open(sealed ?? "", "platform");
const uid = () => randomBytes(4).toString("hex");
const digits = () => String(Math.floor(Math.random() * 1e10)).padStart(10, "1");

/** A verified upload of the operator's tenant, as the uploader's confirm leaves it (files/service.ts). */
async function uploaded(ext: "pem" | "apk", kind: "pem" | "apk" = ext, tenantId = op.clientId): Promise<string> {
  const hash = randomBytes(32).toString("hex");
  const remotename = `${tenantId}/${hash}.${ext}`;
  await StoredFile.create({
    tenantId,
    hash,
    ext,
    remotename,
    kind,
    size: 100,
    contentType: "application/octet-stream",
    localname: `a.${ext}`,
    createTime: "2026-01-01 00:00:00",
    createdAt: 0,
    confirmed: true,
    verified: true,
  }).go();
  return remotename;
}

const payForm = (more: Form = {}): Form => ({ appType: 1, mchId: digits(), mchName: `商户${uid()}`, isUsing: 1, ...more });
const wxForm = (more: Form = {}): Form => ({ clientId: other.clientId, appType: 2, appid: `wx${uid()}${uid()}`, apiUrl: "https://api.example.com", secret: "s3cret-app", ...more });
const smsForm = (more: Form = {}): Form => ({
  branchId: 7,
  smsPlatform: "aliyun",
  smsSignature: "享域",
  appId: `LTAI${uid()}`,
  secretId: "sid",
  secretKey: "skey",
  templateJson: '{"login":{"templateCode":"SMS_1"}}',
  ...more,
});
const dbForm = (more: Form = {}): Form => ({
  systemCode: "crm",
  databaseCode: "prod",
  activeCode: "db1",
  jdbcUrl: "jdbc:mysql://10.0.0.1:3306/crm",
  username: "crm",
  password: "Db#pass1",
  ...more,
});
const appForm = (more: Form = {}): Form => ({ appName: "享域", appid: "com.xiangyu.app", version: "1.2.0", versionCode: 120, url: "https://dl.example.com/xy-1.2.0.apk", ...more });

/**
 * The whole form of an edit (the configuration saves are whole-record saves): the record's view as
 * the operator reads it (its secrets masked, which keeps them), with `changes` over it.
 */
async function editForm(kind: "payconfig" | "wxconfig", id: number, changes: Form = {}): Promise<Form> {
  const view = await (kind === "payconfig" ? pay : wx).get(`${P}/${kind}/view`, { id });
  expect(view.body.code).toBe("200");
  return editOf(kind === "payconfig" ? PayConfigInput : WxConfigInput, view.body.data, { id, ...changes });
}

async function newPay(more: Form = {}) {
  const r = await pay.post(`${P}/payconfig/save`, payForm(more));
  expect(r.body).toMatchObject({ code: "200" });
  return r.body.data as { id: number; mchId: string };
}

beforeAll(async () => {
  [op, other] = await Promise.all([testTenant(), testTenant()]);
  await markPlatformTenant(op.clientId);
}, 60_000);

describe("only the platform operator", () => {
  it.each(Object.keys(routes).filter((k) => /\/(payconfig|wxconfig|smsconfig|dbconfig)\/|\/appupdate\//.test(k)))(
    "%s answers a tenant's own administrator 你无操作权限",
    async (key) => {
      const [method, path] = key.split(" ") as ["GET" | "POST", string];
      const fn = path.includes("appupdate") ? APP_FN : PAY_FN;
      const r =
        method === "GET"
          ? await get(path, { token: other.adminToken, functionId: fn, query: { id: 1 } })
          : await post(path, { token: other.adminToken, functionId: fn, form: { id: 1, ids: "1" } });
      expect(r.body).toMatchObject({ code: "403", desc: "你无操作权限" });
    },
  );
});

describe("payment channels (R443–R450)", () => {
  it.each([
    ["mchId", "", "商户号不能为空"],
    ["mchId", "   ", "商户号不能为空"],
    ["mchName", "", "商户名称不能为空"],
    ["appType", "", "应用类型必选"],
    ["appType", "9", "应用类型必选"],
    ["certPath", "op/abc.crt", "证书和公钥只能上传.pem文件"],
    ["publickeyId", "随便填", "公钥ID格式不正确（如 PUB_KEY_ID_0112345678）"],
  ])("%s = %j → %s", async (field, value, desc) => {
    expect((await pay.post(`${P}/payconfig/save`, payForm({ [field]: value }))).body).toMatchObject({ desc });
  });

  it("a public key id without its file (or the reverse) is refused (R448)", async () => {
    expect((await pay.post(`${P}/payconfig/save`, payForm({ publickeyId: "PUB_KEY_ID_0112345678" }))).body).toMatchObject({ desc: "公钥ID和公钥文件须同时填写" });
    const key = await uploaded("pem");
    expect((await pay.post(`${P}/payconfig/save`, payForm({ publicKeyPath: key }))).body).toMatchObject({ desc: "公钥ID和公钥文件须同时填写" });
  });

  it("certificates must be verified .pem uploads of the operator (R446)", async () => {
    const apk = await uploaded("apk");
    expect((await pay.post(`${P}/payconfig/save`, payForm({ certPath: apk }))).body).toMatchObject({ desc: "证书和公钥只能上传.pem文件" });
    const foreign = await uploaded("pem", "pem", other.clientId);
    expect((await pay.post(`${P}/payconfig/save`, payForm({ certPath: foreign }))).body).toMatchObject({ desc: "证书和公钥只能上传.pem文件" });
    const never = `${op.clientId}/${randomBytes(32).toString("hex")}.pem`;
    expect((await pay.post(`${P}/payconfig/save`, payForm({ certPath: never }))).body).toMatchObject({ desc: "证书和公钥只能上传.pem文件" });
  });

  it("trims values, seals the key and the files, shows only a mask, and blank keeps them (R447)", async () => {
    const cert = await uploaded("pem");
    const key = await uploaded("pem");
    const mchId = digits();
    const r = await pay.post(
      `${P}/payconfig/save`,
      payForm({ mchId: `  ${mchId} `, mchName: " 享域商户 ", apiV3Key: "k".repeat(32), certPath: cert, publickeyId: "PUB_KEY_ID_01", publicKeyPath: key }),
    );
    expect(r.body).toMatchObject({ code: "200", data: { mchId, mchName: "享域商户", apiV3Key: "******", certPath: "******", publicKeyPath: "******", bindingCount: 0 } });
    const id = r.body.data.id;
    const stored = (await PayConfig.get({ id }).go()).data!;
    expect(stored.apiV3Key).not.toContain("kkkk");
    expect(opened(stored.apiV3Key)).toBe("k".repeat(32));
    expect(opened(stored.certPath)).toBe(cert);
    const view = (await pay.get(`${P}/payconfig/view`, { id })).body.data;
    expect(JSON.stringify(view)).not.toContain(cert);
    expect(view.apiV3Key).toBe("******");

    // An edit with the secrets blank (or the mask sent back) keeps them; a typed one replaces.
    const blankSecrets = await editForm("payconfig", id, { mchId, mchName: "改名", apiV3Key: "******", certPath: "", publicKeyPath: "", publickeyId: "PUB_KEY_ID_01" });
    expect((await pay.post(`${P}/payconfig/save`, blankSecrets)).body.code).toBe("200");
    const kept = (await PayConfig.get({ id }).go()).data!;
    expect(opened(kept.apiV3Key)).toBe("k".repeat(32));
    expect(opened(kept.publicKeyPath)).toBe(key);
    await pay.post(`${P}/payconfig/save`, await editForm("payconfig", id, { mchId, apiV3Key: "n".repeat(32), publickeyId: "PUB_KEY_ID_01" }));
    expect(opened((await PayConfig.get({ id }).go()).data!.apiV3Key)).toBe("n".repeat(32));

    const list = (await pay.get(`${P}/payconfig/list`, { keyword: mchId })).body;
    expect(list.dataList).toHaveLength(1);
    expect(list.dataList[0]).toMatchObject({ id, apiV3Key: "******" });

    // Each change is in the operation log.
    const { data: log } = await OpLog.query.byId({ tenantId: op.clientId }).go({ order: "desc", limit: 50 });
    expect(log.filter((e) => e.route === `${P}/payconfig/save` && e.ids === String(id)).map((e) => e.action)).toEqual(["修改支付通道", "修改支付通道", "新增支付通道"]);
  });

  it("a merchant number is stored once", async () => {
    const { mchId } = await newPay();
    expect((await pay.post(`${P}/payconfig/save`, payForm({ mchId }))).body).toMatchObject({ desc: "该商户号已存在" });
  });

  it("counts the WeChat accounts bound to a channel and refuses deleting it while bound (R449)", async () => {
    const { id, mchId } = await newPay();
    const a = (await wx.post(`${P}/wxconfig/save`, wxForm({ payMchId: mchId }))).body.data;
    await wx.post(`${P}/wxconfig/save`, wxForm({ payMchId: mchId }));
    expect((await pay.get(`${P}/payconfig/view`, { id })).body.data.bindingCount).toBe(2);
    expect((await pay.post(`${P}/payconfig/delete`, { ids: String(id) })).body).toMatchObject({ desc: "该通道已绑定，请先解除绑定" });
    expect((await pay.post(`${P}/payconfig/save`, await editForm("payconfig", id, { mchId: digits() }))).body).toMatchObject({ desc: "该通道已绑定，不能修改商户号" });
    // Moving one account to no channel and deleting the other unbinds both.
    const b = (await wx.get(`${P}/wxconfig/list`, { keyword: "" })).body.dataList.find((w: any) => w.payMchId === mchId && w.id !== a.id);
    expect((await wx.post(`${P}/wxconfig/save`, await editForm("wxconfig", a.id, { payMchId: "" }))).body.code).toBe("200");
    expect((await wx.post(`${P}/wxconfig/delete`, { ids: String(b.id) })).body.code).toBe("200");
    expect((await pay.get(`${P}/payconfig/view`, { id })).body.data.bindingCount).toBe(0);
    expect((await pay.post(`${P}/payconfig/delete`, { ids: String(id) })).body).toMatchObject({ code: "200", desc: "删除成功" });
  });

  it("20 bindings at once racing a delete: the count stays equal to the accounts that point at the channel", async () => {
    const { id, mchId } = await newPay();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => wx.post(`${P}/wxconfig/save`, wxForm({ payMchId: mchId }))),
      pay.post(`${P}/payconfig/delete`, { ids: String(id) }),
    ]);
    const bound = results.slice(0, 20).filter((r) => r.body.code === "200").length;
    const deleted = results[20]!.body.code === "200";
    const { data: channel } = await PayConfig.get({ id }).go();
    const pointing = (await WxConfig.query.byId({}).go({ pages: "all" })).data.filter((w) => w.payMchId === mchId).length;
    expect(pointing).toBe(bound);
    if (deleted) expect(bound).toBe(0);
    else expect(channel!.bindingCount).toBe(bound);
    expect(bound + (deleted ? 1 : 0)).toBeGreaterThan(0);
  }, 60_000);
});

describe("WeChat platform accounts (R451–R457)", () => {
  it.each([
    ["clientId", "", "平台租户不能为空"],
    ["appType", "", "微信应用类型不能为空"],
    ["appid", "", "AppId不能为空"],
    ["apiUrl", "", "Api地址不能为空"],
    ["secret", "", "Secret不能为空"],
    ["clientId", "nosuchtenant", "平台租户不存在"],
  ])("%s = %j → %s", async (field, value, desc) => {
    expect((await wx.post(`${P}/wxconfig/save`, wxForm({ [field]: value }))).body).toMatchObject({ desc });
  });

  it("a disabled channel is marked in mchidList and cannot be bound (R456)", async () => {
    const { id, mchId } = await newPay();
    expect((await pay.post(`${P}/payconfig/passed`, { ids: String(id), isUsing: 0 })).body).toMatchObject({ code: "200", desc: "停用成功" });
    const options = (await wx.get(`${P}/wxconfig/mchidList`, { keyword: mchId })).body.dataList;
    expect(options).toEqual([{ id, mchId, mchName: expect.any(String), isUsing: 0, appType: 1 }]);
    expect((await wx.post(`${P}/wxconfig/save`, wxForm({ payMchId: mchId }))).body).toMatchObject({ desc: "支付通道不存在或已停用" });
    expect((await PayConfig.get({ id }).go()).data!.bindingCount).toBe(0);
  });

  it("seals the AppSecret, shows a mask and the tenant's name, and keeps the secret when left blank", async () => {
    const r = await wx.post(`${P}/wxconfig/save`, wxForm({ appName: "服务号", masterAccount: 0 }));
    expect(r.body).toMatchObject({ code: "200", data: { secret: "******", clientId: other.clientId, systemName: expect.stringContaining("测试平台"), status: 1 } });
    const id = r.body.data.id;
    expect((await wx.post(`${P}/wxconfig/save`, editOf(WxConfigInput, r.body.data, { id, secret: "" }))).body.code).toBe("200");
    expect(opened((await WxConfig.get({ id }).go()).data!.secret)).toBe("s3cret-app");
  });

  it("one main and one default account per tenant and app type, even with 20 saves at once", async () => {
    const tenant = await testTenant();
    const saves = await Promise.all(
      Array.from({ length: 20 }, () => wx.post(`${P}/wxconfig/save`, wxForm({ clientId: tenant.clientId, appType: 1, masterAccount: 1, dfAccount: 1 }))),
    );
    const won = saves.filter((r) => r.body.code === "200");
    expect(won).toHaveLength(1);
    for (const r of saves.filter((x) => x.body.code !== "200")) expect(["该租户的此类应用已有主账号", "该租户的此类应用已有默认账号"]).toContain(r.body.desc);
    const rows = (await wx.get(`${P}/wxconfig/list`, { clientId: tenant.clientId, pageSize: 100 })).body.dataList;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ masterAccount: 1, dfAccount: 1 });

    // Another app type of the same tenant has its own flags; giving the flag up frees it.
    const mini = await wx.post(`${P}/wxconfig/save`, wxForm({ clientId: tenant.clientId, appType: 2, masterAccount: 1 }));
    expect(mini.body.code).toBe("200");
    const first = rows[0];
    const second = await wx.post(`${P}/wxconfig/save`, wxForm({ clientId: tenant.clientId, appType: 1, masterAccount: 0, dfAccount: 0 }));
    expect((await wx.post(`${P}/wxconfig/save`, await editForm("wxconfig", second.body.data.id, { clientId: tenant.clientId, appType: 1, masterAccount: 1 }))).body).toMatchObject({
      desc: "该租户的此类应用已有主账号",
    });
    expect((await wx.post(`${P}/wxconfig/save`, await editForm("wxconfig", first.id, { clientId: tenant.clientId, appType: 1, masterAccount: 0, dfAccount: 1 }))).body.code).toBe(
      "200",
    );
    expect((await wx.post(`${P}/wxconfig/save`, await editForm("wxconfig", second.body.data.id, { clientId: tenant.clientId, appType: 1, masterAccount: 1 }))).body.code).toBe(
      "200",
    );
    expect((await WxFlag.get({ clientId: tenant.clientId, appType: 1, flag: "master" }).go()).data?.holder).toBe(second.body.data.id);
    // Deleting the holder frees the flag.
    await wx.post(`${P}/wxconfig/delete`, { ids: String(second.body.data.id) });
    expect((await WxFlag.get({ clientId: tenant.clientId, appType: 1, flag: "master" }).go()).data).toBeNull();
  }, 60_000);

  it("deleting a tenant removes its accounts and their flags and gives back their channels' bindings; others keep theirs", async () => {
    const gone = await testTenant();
    const { id: payId, mchId } = await newPay();
    const a = await wx.post(`${P}/wxconfig/save`, wxForm({ clientId: gone.clientId, appType: 1, masterAccount: 1, dfAccount: 1, payMchId: mchId }));
    const b = await wx.post(`${P}/wxconfig/save`, wxForm({ clientId: gone.clientId, appType: 2, masterAccount: 1, payMchId: mchId }));
    const kept = await wx.post(`${P}/wxconfig/save`, wxForm({ clientId: other.clientId, appType: 3, masterAccount: 1, payMchId: mchId }));
    for (const r of [a, b, kept]) expect(r.body.code).toBe("200");
    expect((await PayConfig.get({ id: payId }).go()).data!.bindingCount).toBe(3);

    const tenant = as(1101);
    const { id } = (await tenant.get(`${P}/view`, { clientId: gone.clientId })).body.data;
    expect((await tenant.post(`${P}/passed`, { ids: String(id), idisplay: 0 })).body.desc).toBe("停用成功");
    expect((await tenant.post(`${P}/delete`, { ids: String(id) })).body.desc).toBe("删除成功");
    await workersIdle();

    const accounts = (await WxConfig.query.byId({}).go({ pages: "all" })).data;
    expect(accounts.filter((w) => w.clientId === gone.clientId)).toEqual([]);
    expect(accounts.find((w) => w.id === kept.body.data.id)).toBeDefined();
    const flags = (await WxFlag.query.byKey({}).go({ pages: "all" })).data;
    expect(flags.filter((f) => f.clientId === gone.clientId)).toEqual([]);
    expect(flags.find((f) => f.clientId === other.clientId && f.appType === 3)).toMatchObject({ holder: kept.body.data.id });
    expect((await PayConfig.get({ id: payId }).go()).data!.bindingCount).toBe(1);
    // A second run finds nothing to give back twice.
    expect(await removeWxConfigsOf(gone.clientId)).toBe(0);
    expect((await PayConfig.get({ id: payId }).go()).data!.bindingCount).toBe(1);
  }, 60_000);

  it("status switches 1/0 (R457)", async () => {
    const { id } = (await wx.post(`${P}/wxconfig/save`, wxForm())).body.data;
    expect((await wx.post(`${P}/wxconfig/passed`, { ids: String(id), status: 0 })).body).toMatchObject({ code: "200", desc: "停用成功" });
    expect((await wx.get(`${P}/wxconfig/view`, { id })).body.data.status).toBe(0);
  });
});

describe("SMS configuration (R458–R467)", () => {
  it.each([
    ["branchId", "", "商户应用不能为空"],
    ["smsPlatform", "", "短信平台不能为空"],
    ["smsSignature", "", "短信签名不能为空"],
    ["appId", "", "appId不能为空"],
    ["templateJson", "", "模板JSON不能为空"],
    ["templateJson", "{login:1}", "JSON数据有误，请检查。"],
    ["templateJson", "[1,2]", "JSON数据有误，请检查。"],
  ])("%s = %j → %s", async (field, value, desc) => {
    expect((await sms.post(`${P}/smsconfig/save`, smsForm({ [field]: value }))).body).toMatchObject({ desc });
  });

  it("stores the template tab-indented, seals the secretKey, pages the list", async () => {
    const r = await sms.post(`${P}/smsconfig/save`, smsForm({ smsSignature: "分页测试" }));
    expect(r.body.data).toMatchObject({ templateJson: '{\n\t"login": {\n\t\t"templateCode": "SMS_1"\n\t}\n}', secretKey: "******", branchId: 7 });
    expect(opened((await SmsConfig.get({ id: r.body.data.id }).go()).data!.secretKey)).toBe("skey");
    await sms.post(`${P}/smsconfig/save`, smsForm({ smsSignature: "分页测试" }));
    const page = (await sms.get(`${P}/smsconfig/list`, { keyword: "分页测试", pageSize: 1, currentPage: 2 })).body;
    expect(page.pageParams).toMatchObject({ maxCount: 2, currentPage: 2, pageSize: 1, maxPage: 2 });
    expect(page.dataList[0].id).toBe(r.body.data.id);
    expect((await sms.post(`${P}/smsconfig/delete`, { ids: String(r.body.data.id) })).body.code).toBe("200");
    expect((await sms.get(`${P}/smsconfig/view`, { id: r.body.data.id })).body).toMatchObject({ desc: "短信配置不存在或已被删除" });
  });
});

describe("database connections (R468–R475)", () => {
  it.each([
    ["systemCode", "", "系统代码不能为空"],
    ["databaseCode", "", "环境代码不能为空"],
    ["activeCode", "", "数据库编号不能为空"],
    ["jdbcUrl", "", "数据库地址不能为空"],
    ["username", "", "数据库用户名不能为空"],
    ["password", "", "数据库密码不能为空"],
  ])("%s = %j → %s", async (field, value, desc) => {
    expect((await db.post(`${P}/dbconfig/save`, dbForm({ [field]: value }))).body).toMatchObject({ desc });
  });

  it("takes R475's defaults, seals the passwords, and an edit may leave the password blank", async () => {
    const r = await db.post(`${P}/dbconfig/save`, dbForm({ redisPassword: "r3dis" }));
    expect(r.body.data).toMatchObject({
      driverClassName: "com.mysql.cj.jdbc.Driver",
      redisPort: 6379,
      redisDatabaseId: 0,
      redisTimeout: 5000,
      redisMaxIdle: 20,
      redisMinIdle: 8,
      redisMaxWait: 30000,
      redisMaxActive: 100,
      password: "******",
      redisPassword: "******",
      idisplay: 1,
    });
    const id = r.body.data.id;
    expect((await db.post(`${P}/dbconfig/save`, editOf(DbConfigInput, r.body.data, { id, password: "", redisPassword: "" }))).body.code).toBe("200");
    const stored = (await DbConfig.get({ id }).go()).data!;
    expect([opened(stored.password), opened(stored.redisPassword)]).toEqual(["Db#pass1", "r3dis"]);
    expect((await db.post(`${P}/dbconfig/passed`, { ids: String(id), idisplay: 0 })).body.desc).toBe("停用成功");
    expect((await db.post(`${P}/dbconfig/delete`, { ids: String(id) })).body.desc).toBe("删除成功");
  });
});

describe("app versions (R484–R487)", () => {
  it.each([
    ["appName", "", "APP不能为空"],
    ["appName", "名".repeat(51), "APP不能超过50个字"],
    ["appid", "", "APPID不能为空"],
    ["versionCode", "", "版本号不能为空"],
    ["versionCode", "1.2", "版本号必须是正整数"],
    ["url", "", "更新地址不能为空"],
    ["url", "ftp://x/y.apk", "更新地址须是上传的.apk文件或http(s)地址"],
  ])("%s = %j → %s", async (field, value, desc) => {
    expect((await app.post("/gateway/api/appupdate/save", appForm({ [field]: value }))).body).toMatchObject({ desc });
  });

  it("takes an uploaded .apk only once verified, and lists with paging", async () => {
    const missing = `/uploader/files/${op.clientId}/${randomBytes(32).toString("hex")}.apk`;
    expect((await app.post("/gateway/api/appupdate/save", appForm({ url: missing }))).body).toMatchObject({ desc: "安装包不存在或未上传完成" });
    const apk = await uploaded("apk");
    const r = await app.post("/gateway/api/appupdate/save", appForm({ url: `/uploader/files/${apk}`, appName: "分页APP" }));
    expect(r.body).toMatchObject({ code: "200", data: { versionCode: 120, url: `/uploader/files/${apk}` } });
    expect(r.body.data.updateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const second = await app.post("/gateway/api/appupdate/save", appForm({ appName: "分页APP", versionCode: 121 }));
    const list = (await app.get("/gateway/api/appupdate/list", { keyword: "分页APP", pageSize: 20 })).body;
    expect(list.dataList.map((a: any) => a.versionCode)).toEqual([121, 120]);
    expect((await app.post("/gateway/api/appupdate/delete", { ids: `${r.body.data.id},${second.body.data.id}` })).body.code).toBe("200");
    expect((await app.get("/gateway/api/appupdate/list", { keyword: "分页APP" })).body.pageParams.maxCount).toBe(0);
  });
});
