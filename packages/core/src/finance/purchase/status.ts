/** A purchase's review stage (spec 001 buyInfo.status; gaps.md §8). */
export const PURCHASE_STATUS = { cashier: 1, finance: 2, memberService: 3, passed: 4, failed: 5 } as const;
export type PurchaseStatus = (typeof PURCHASE_STATUS)[keyof typeof PURCHASE_STATUS];

const NAMES: Record<number, string> = { 1: "待收银审核", 2: "待财务经理审核", 3: "待会员服务审核", 4: "审核通过", 5: "审核不通过" };
export const purchaseStatusText = (status: number): string => NAMES[status] ?? "";

/** The per-stage list total's name (kernel/counters.ts): moved in every transaction that changes a stage. */
export const stageTotal = (status: number): string => `purchases#${status}`;
