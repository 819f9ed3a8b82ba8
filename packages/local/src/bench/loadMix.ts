import { nameOf, mobileOf, storeOf, statusOf, memberCodeOf, type ClientSeed } from "./seedClients.ts";

/** The load bench's staff mix (load.ts): what is asked, in which proportions. */
/** Menu functions (core platform/standardMenu.ts): 客户管理, 会员管理, 电邀工单. */
const FN = { clients: 2001, members: 2002, workorders: 2101 } as const;

export type Kind = "list" | "search" | "view" | "save" | "booking";
type Fields = Record<string, string | number>;
/** One kind of request of the mix: its share (in 5 % steps of the staff calls) and its i-th call. */
export type Op = { name: string; kind: Kind; share: number; method: "GET" | "POST"; path: string; fn: number; fields: (i: number) => Fields };

/** Client k's edit form, whole (kernel/fields.ts wholeRecord), the address and remark changed by call i. */
function editForm(seed: ClientSeed, k: number, i: number): Fields {
  return {
    id: seed.idOf(k),
    clientName: nameOf(k),
    mobile: mobileOf(k),
    status: statusOf(k),
    shop: seed.shops.get(storeOf(k))!,
    memberCode: memberCodeOf(k),
    sex: k % 2 ? "男" : "女",
    age: 25 + (k % 40),
    province: "440000",
    city: "440100",
    county: "440106",
    address: `测试路${k}号${i % 100}室`,
    clientSource: "walkin",
    memberLevel: statusOf(k) === 1 ? "" : String(1 + (k % 3)),
    idCard: "",
    email: "",
    marketer: "",
    maritalStatus: "",
    jobType: "",
    remark: `第${i}次修改`,
  };
}

/** The client's latest work order, edited whole (wholeRecord "always"): an appointment booked, with its call recorded. */
function bookingForm(clientId: number): Fields {
  const blank = [
    "appointmentRemark",
    "bePresent",
    "arrivalTime",
    "arrivalRemark",
    "receptionStaff",
    "isQualified",
    "unpualifiedReason",
    "isBuy",
    "notBuyReason",
    "isBuyPassed",
    "notBuyReasonPassed",
    "saleUser",
  ];
  return {
    clientId,
    isAppointment: 1,
    appointmentTime: "2026-12-20 10:00:00",
    appointmentAdrress: "天河展厅",
    recordType: "预约成功",
    ...Object.fromEntries(blank.map((f) => [f, ""])),
  };
}

/** docs/scale.md: reads 75 % (here lists 40, searches 20, views 15), writes 20 % (saves 15, bookings 5); sign-in and imports are under 1 %. */
export function mix(seed: ClientSeed): Op[] {
  const n = seed.count;
  /** Client j for the i-th call: spread over the tenant, so no two calls in a row ask the same. */
  const j = (i: number, salt: number) => (i * 7919 + salt * 104_729 + 11) % n;
  const shops = [...seed.shops.values()];
  return [
    {
      name: "clientlist (page 1–3, by store or status)",
      kind: "list",
      share: 5,
      method: "GET",
      path: "/xiangyu/api/client/clientlist",
      fn: FN.clients,
      fields: (i) => ({
        currentPage: 1 + (i % 3),
        pageSize: 20,
        ...(i % 3 === 1 ? { shop: shops[i % shops.length]! } : i % 3 === 2 ? { status: 1 + (Math.floor(i / 3) % 3) } : {}),
      }),
    },
    {
      name: "memberlist (page 1–2, by store)",
      kind: "list",
      share: 3,
      method: "GET",
      path: "/xiangyu/api/client/memberlist",
      fn: FN.members,
      fields: (i) => ({ currentPage: 1 + (i % 2), pageSize: 20, ...(i % 2 ? { shop: shops[i % shops.length]! } : {}) }),
    },
    {
      name: "searchclient (name, two characters or mobile)",
      kind: "search",
      share: 4,
      method: "GET",
      path: "/xiangyu/api/client/searchclient",
      fn: FN.clients,
      fields: (i) => {
        const k = j(i, 1);
        return { keyword: i % 3 === 0 ? nameOf(k) : i % 3 === 1 ? nameOf(k).slice(0, 2) : mobileOf(k) };
      },
    },
    { name: "clientview", kind: "view", share: 3, method: "GET", path: "/xiangyu/api/client/clientview", fn: FN.clients, fields: (i) => ({ id: seed.idOf(j(i, 2)) }) },
    {
      name: "clientsave (an edit)",
      kind: "save",
      share: 3,
      method: "POST",
      path: "/xiangyu/api/client/clientsave",
      fn: FN.clients,
      fields: (i) => editForm(seed, j(i, 3), i),
    },
    {
      name: "workordersave (an appointment booked)",
      kind: "booking",
      share: 1,
      method: "POST",
      path: "/xiangyu/api/client/workorder/workordersave",
      fn: FN.workorders,
      fields: (i) => bookingForm(seed.idOf(j(i, 4))),
    },
  ];
}

/** The order ops come in: each op `share` times in a round of 19 slots, interleaved so a round is evenly mixed. */
export function schedule(ops: Op[]): number[] {
  const slots: Array<{ op: number; at: number }> = [];
  ops.forEach((o, k) => {
    for (let s = 0; s < o.share; s++) slots.push({ op: k, at: (s + 0.5) / o.share });
  });
  return slots.sort((a, b) => a.at - b.at || a.op - b.op).map((s) => s.op);
}
