/** A purchase's review stage (spec 001 buyInfo.status; docs/gaps.md §8). */
export const PURCHASE_STATUS = { cashier: 1, finance: 2, memberService: 3, passed: 4, failed: 5 } as const;
export type PurchaseStatus = (typeof PURCHASE_STATUS)[keyof typeof PURCHASE_STATUS];

const NAMES: Record<number, string> = { 1: "待收银审核", 2: "待财务经理审核", 3: "待会员服务审核", 4: "审核通过", 5: "审核不通过" };
export const purchaseStatusText = (status: number): string => NAMES[status] ?? "";

/**
 * The per-stage list total's name (kernel/counters.ts): moved in every transaction that changes a
 * stage, beside the per-store total of the stage (`shopTotalName`), which a store-level reviewer's
 * list and count read.
 */
export const stageTotal = (status: number): string => `purchases#${status}`;

/**
 * The three review stages (R260–R262): each is its own screen (function) and list, and a reviewer
 * acts only on a purchase whose status is the stage's. Passing moves to `next`; failing sets 5.
 */
export const STAGES = {
  cashier: { status: PURCHASE_STATUS.cashier, next: PURCHASE_STATUS.finance, screen: "/finance/buypassedbycashier", name: "收银复核" },
  finance: { status: PURCHASE_STATUS.finance, next: PURCHASE_STATUS.memberService, screen: "/finance/buypassedbyfinance", name: "财务经理复核" },
  memberService: { status: PURCHASE_STATUS.memberService, next: PURCHASE_STATUS.passed, screen: "/finance/buypassedbyms", name: "会员服务复核" },
} as const;
export type StageName = keyof typeof STAGES;
