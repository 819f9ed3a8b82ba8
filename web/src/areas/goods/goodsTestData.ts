/**
 * What the goods screens' component tests share: rows as the routes answer them, the goods-class
 * tree and the current user. Imported only by the goods *.test.tsx files.
 */
import type { Goods, GoodsOrder } from "./goodsQueries.ts";

export const me = { code: "200", desc: "", data: { userId: 1, username: "admin", realname: "管理员", deptid: "", deptCodes: [""], branchid: 1, managelevel: 1 } };

/** The goodsclass tree: two top-level classes (not choosable for goods, R397) with their sub-classes. */
export const CLASSES = [
  {
    id: 1,
    orgCode: "001",
    orgName: "会员服务",
    hasChild: true,
    children: [
      { id: 2, orgCode: "001001", orgName: "康体理疗", hasChild: false, children: [] },
      { id: 3, orgCode: "001002", orgName: "亲子活动", hasChild: false, children: [] },
    ],
  },
  { id: 4, orgCode: "002", orgName: "会员商城", hasChild: true, children: [{ id: 5, orgCode: "002001", orgName: "特产礼品", hasChild: false, children: [] }] },
];

export const goods = (p: Partial<Goods> & { id: number; goodsName: string }): Goods =>
  ({
    goodsType: "appointment",
    goodsClass: "001001",
    goodsClassName: "康体理疗",
    pictureTitle: "",
    atlas: "[]",
    province: 440000,
    city: 440100,
    area: 440106,
    address: "天河路385号",
    lat: "23.112223",
    lng: "113.331084",
    serviceGuarantee: "",
    content: "",
    price: 199,
    goodsCount: 10,
    specCount: 2,
    status: 1,
    sortOrder: 10,
    createTime: "2026-11-01 10:00:00",
    ...p,
  }) as Goods;

export const order = (p: Partial<GoodsOrder> & { id: number; status: number }): GoodsOrder =>
  ({
    orderNo: `GO20261101${String(p.id).padStart(8, "0")}`,
    globalId: `GO20261101${String(p.id).padStart(8, "0")}`,
    goodsId: 1,
    goodsType: "appointment",
    goodsName: "温泉理疗体验",
    orderName: "温泉理疗体验",
    goodsPicture: "",
    specId: 11,
    specName: "2026-12-01 09:00-10:30",
    startTime: "2026-12-01 09:00:00",
    endTime: "2026-12-01 10:30:00",
    buyCount: 2,
    unitPrice: 199,
    price: 398,
    mobileUserId: 7,
    userId: "u7",
    clientId: 7,
    realname: "张三",
    mobile: "13900000007",
    orderTime: "2026-11-01 10:00:00",
    payDeadline: "2026-11-01 10:15:00",
    payTime: "",
    outTradeNo: "",
    tradeNo: "",
    remark: "",
    handleResult: "",
    handleUser: "",
    handleTime: "",
    completeTime: "",
    cancelTime: "",
    refundReason: "",
    refundDetail: [],
    ...p,
  }) as GoodsOrder;
