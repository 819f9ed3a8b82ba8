/**
 * A small in-memory clients service for the component tests (*.test.tsx here): the lookups every
 * screen reads, the client list and form, the membership reads and writes, and the work order view.
 * Imported only by tests.
 */
import type { Call, Handlers, ReplyOf } from "../../ui/test-utils.tsx";
import type { Client, MembershipRow, MembershipSummary } from "./clientQueries.ts";

const ok = <X extends object = object>(x: X = {} as X) => ({ code: "200", desc: "", ...x });
const page = <R>(rows: R[]) =>
  ok({ dataList: rows, pageParams: { maxCount: rows.length, currentPage: 1, pageSize: 20, maxPage: 1, sort: "id", order: "desc" as const, keyword: "", keyValue: "" } });

export const client = (p: Partial<Client> & { id: number; clientName: string }): Client => ({
  memberCode: "",
  sex: "男",
  age: 0,
  idCard: "",
  mobile: `139000000${String(p.id).padStart(2, "0")}`,
  email: "",
  province: "",
  city: "",
  county: "",
  address: "",
  marketer: "",
  clientSource: "online",
  shop: "001001",
  shopName: "广州天河店",
  status: 1,
  maritalStatus: "",
  jobType: "",
  memberLevel: "",
  remark: "",
  isMgr: 0,
  workOrderStatus: "",
  workOrderStatusName: "未电邀",
  createTime: "2024-05-01 10:00:00",
  clientId: "xiangyu",
  boundMiniProgram: 0,
  ...p,
});

export const summary = (p: Partial<MembershipSummary> = {}): MembershipSummary => ({
  productTypeId: 7,
  productTypeName: "会员周次",
  shipUnit: "周",
  storeCount: 10,
  usedCount: 1,
  usedFirstHaltCount: 3,
  usedSecondHaltCount: 0,
  remainingCount: 8,
  remainingFirstHaltCount: 2,
  remainingSecondHaltCount: 2,
  hasAccount: 1,
  account: "hy001",
  passwordSet: 1,
  hasRci: 1,
  rciStoreCount: 1,
  rciId: "RCI-1",
  rciAccount: "rci001",
  rciPasswordSet: 0,
  password: "",
  rciPassword: "",
  clientId: 5,
  ...p,
});

const lot = (p: Partial<MembershipRow> = {}): MembershipRow => ({
  id: 31,
  productTypeId: 7,
  productName: "十年会籍",
  shipUnit: "周",
  storeCount: 10,
  usedCount: 1,
  usedFirstHaltCount: 3,
  usedSecondHaltCount: 0,
  remainingCount: 8,
  remainingFirstHaltCount: 2,
  remainingSecondHaltCount: 2,
  shipDuration: "2035-06-30 23:59:59",
  amount: 100000,
  payAmount: 90000,
  isInstallment: 1,
  firstPayAmount: 30000,
  finalPayAmount: 0,
  remark: "",
  createTime: "2025-06-30 10:00:00",
  productId: 3,
  ...p,
});

const styles: Record<string, [number | string, string][]> = {
  clientStatus: [
    [1, "客户"],
    [2, "会员"],
    [3, "停用"],
  ],
  memberLevel: [
    [1, "普通会员"],
    [2, "银卡"],
    [3, "金卡"],
  ],
  jobType: [
    [1, "职员"],
    [2, "个体"],
  ],
  maritalStatus: [
    [1, "未婚"],
    [2, "已婚"],
  ],
};

const ORG = [{ id: 1, orgCode: "001", orgName: "华南分公司", hasChild: true, children: [{ id: 2, orgCode: "001001", orgName: "广州天河店", hasChild: false, children: [] }] }];

export function clientsServer(
  o: {
    clients?: Client[];
    totals?: MembershipSummary[];
    rows?: MembershipRow[];
    workOrder?: ReplyOf<"GET /xiangyu/api/client/workorder/workorderview">;
    vouchers?: ReplyOf<"GET /xiangyu/api/client/vouchers">;
  } = {},
) {
  const clients = o.clients ?? [client({ id: 2, clientName: "王二", status: 2, memberLevel: "3", age: 30 }), client({ id: 1, clientName: "李一" })];
  return {
    "GET /gateway/api/manage/users/info": () => ok({ data: { userId: 1, username: "admin", realname: "管理员", deptid: "", deptCodes: [""], branchid: 0, managelevel: 1 } }),
    "GET /gateway/api/manage/appcenter/styleparam/list": (c: Call) =>
      ok({ dataList: (styles[c.query.styleen] ?? []).map(([styleid, stylename]) => ({ styleid: String(styleid), stylename })) }),
    "GET /gateway/api/organization/app/list": () => ok({ dataList: ORG }),
    "GET /gateway/api/manage/appcenter/area/alllist": () => ok({ dataList: [] }),
    "GET /xiangyu/api/channel/list": () => ok({ dataList: [{ value: "online", name: "线上推广" }] }),
    "GET /gateway/api/manage/users/mgr/picklist": () =>
      ok({
        dataList: [
          { id: 1, realname: "管理员", username: "admin", mobile: "13800000000" },
          { id: 2, realname: "李销售", username: "li", mobile: "13900000002" },
        ],
      }),
    "GET /xiangyu/api/client/clientlist": () => page(clients),
    "GET /xiangyu/api/client/memberlist": () => page(clients.filter((c) => c.status !== 1)),
    "GET /xiangyu/api/client/clientview": (c: Call) => {
      const found = clients.find((x) => x.id === Number(c.query.id));
      return found ? ok({ data: found }) : { code: "400", desc: "无效的客户信息" };
    },
    "POST /xiangyu/api/client/clientsave": (c: Call) => ok({ desc: "保存成功", data: { ...c.body, id: Number(c.body.id || 99) } }),
    "POST /xiangyu/api/client/clientdelete": () => ok({ desc: "删除成功" }),
    "GET /xiangyu/api/client/membershiptotallist": () => ok({ dataList: o.totals ?? [summary()] }),
    "GET /xiangyu/api/client/membershiplist": () => ok({ dataList: o.rows ?? [lot()] }),
    "GET /xiangyu/api/client/vouchers": () => o.vouchers ?? ok({ dataList: [], data: { totals: [], capped: false, cap: 200 } }),
    "POST /xiangyu/api/client/membershippassword": (c: Call) => ok({ data: { password: c.body.type === "1" ? "Hy@secret" : "R!c1" } }),
    "POST /xiangyu/api/client/membershipsave": () => ok({ desc: "保存成功" }),
    "POST /xiangyu/api/client/shipdurationsave": () => ok({ desc: "保存成功" }),
    "GET /xiangyu/api/client/workorder/workorderview": () => o.workOrder ?? { code: "404", desc: "接口不存在" },
    "GET /xiangyu/api/client/workorder/workorderlistbyclient": () => ok({ dataList: [] }),
    "GET /xiangyu/api/client/importtemplate": () => ok({ data: { url: "http://s3/template.xlsx", name: "客户导入模板.xlsx" } }),
  } satisfies Handlers;
}
