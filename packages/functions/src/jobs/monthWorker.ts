import { runMonthUnit, type MonthOrder } from "@xiangyu/core/finance/splitBill/monthJob";

/**
 * The month worker Lambda: one tenant's month of the month job (core finance/splitBill/monthJob.ts).
 * A failure is thrown, so Lambda retries it and dead-letters the last try (an alarm).
 */
export const handler = (order: MonthOrder) => runMonthUnit(order);
