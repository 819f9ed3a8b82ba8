/**
 * The clients area as the console sees it on the wire (docs/api.md "Clients, products, channels").
 * Money is yuan; dates are `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai.
 */
export const CLIENT_API = "/xiangyu/api/client";

export type Client = {
  id: number;
  clientName: string;
  memberCode: string;
  sex: string;
  age: number;
  idCard: string;
  mobile: string;
  email: string;
  province: string;
  city: string;
  county: string;
  address: string;
  marketer: string;
  clientSource: string;
  shop: string;
  shopName: string;
  status: number;
  maritalStatus: string;
  jobType: string;
  memberLevel: string;
  remark: string;
  isMgr: number;
  workOrderStatus: string;
  workOrderStatusName: string;
  createTime: string;
};

/** Whole weeks and the loose weekday / weekend NIGHTS (the ledger's "half" fields). */
export type Counts = {
  storeCount: number;
  usedCount: number;
  usedFirstHaltCount: number;
  usedSecondHaltCount: number;
  remainingCount: number;
  remainingFirstHaltCount: number;
  remainingSecondHaltCount: number;
};

/** membershiptotallist: one per product type the client holds. Passwords never come here, only whether one is set. */
export type MembershipSummary = Counts & {
  productTypeId: number;
  productTypeName: string;
  shipUnit: string;
  hasAccount: number;
  account: string;
  passwordSet: number;
  hasRci: number;
  rciStoreCount: number;
  rciId: string;
  rciAccount: string;
  rciPasswordSet: number;
};

/** membershiplist: one purchase or gift (a lot) of a product type. */
export type MembershipRow = Counts & {
  id: number;
  productTypeId: number;
  productName: string;
  shipUnit: string;
  /** Expiry, `YYYY-MM-DD HH:mm:ss`. */
  shipDuration: string;
  amount: number;
  payAmount: number;
  isInstallment: number;
  firstPayAmount: number;
  finalPayAmount: number;
  remark: string;
};

/** A client's membership, as the viewer's parts need it. */
export type MembershipOwner = { id: number; clientName: string };
