import * as v from "valibot";
import { idField, idInput, jsonField, requiredInt } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { MSG, toBasisPoints } from "./rules.ts";

/** The refusals a route names (the split-bill routes' `denial`). */
export { MSG };

/**
 * The split-bill and profit-sharing forms and queries (R243–R259), shared by the routes and the
 * console. The spec gives 分账比例合计不等于100，请检查; the format messages are ours.
 */
export const MAX_SPLIT_TYPES = 50;
export type ProportionInput = { splitbillType: number; bp: number };

/** [{splitbillType, proportion}] (typeName ignored): proportions in percent, up to 2 decimals. */
function readProportions(x: unknown): ProportionInput[] | null {
  if (!Array.isArray(x) || x.length === 0 || x.length > MAX_SPLIT_TYPES) return null;
  const out: ProportionInput[] = [];
  for (const r of x) {
    if (!r || typeof r !== "object") return null;
    const row = r as { splitbillType?: unknown; proportion?: unknown };
    const t = row.splitbillType;
    const type = typeof t === "number" ? t : /^\d{1,9}$/.test(String(t ?? "")) ? Number(t) : NaN;
    const p = row.proportion;
    const bp = p === "" || p === null || p === undefined ? 0 : toBasisPoints(p);
    if (!Number.isInteger(type) || type < 1 || type > 999_999_999 || bp === null) return null;
    if (out.some((o) => o.splitbillType === type)) return null;
    out.push({ splitbillType: type, bp });
  }
  return out;
}

export const SplitSettingsInput = v.object({
  splitbillSetList: v.pipe(
    jsonField(MSG.badList, 5_000, readProportions, [] as ProportionInput[]),
    v.check((l) => l.length > 0, MSG.badList),
    v.check((l) => l.reduce((s, r) => s + r.bp, 0) === 10_000, MSG.notHundred),
  ),
});
export type SplitSettingsInput = v.InferOutput<typeof SplitSettingsInput>;

const yearField = requiredInt("请选择年份", "年份不正确", 2000, 2100);
const monthField = requiredInt("请选择月份", "月份不正确", 1, 12);

export const MonthQuery = v.object({ year: yearField, month: monthField });
export type MonthQuery = v.InferOutput<typeof MonthQuery>;

export const SplitListQuery = v.object({ splitbillType: idField("请选择分账类型", MSG.badType), year: yearField, month: monthField });
export type SplitListQuery = v.InferOutput<typeof SplitListQuery>;

export const SplitRowInput = idInput(MSG.noRow);

/** The profit-sharing list: keyword matches the order number or the AppId (R252). */
export const ProfitSharingQuery = listQuery({});
export const ProfitSharingRebuildInput = idInput("分账记录不存在");
