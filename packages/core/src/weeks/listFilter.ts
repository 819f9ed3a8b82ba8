import type { Caller } from "../kernel/context.ts";
import { reachesWholeTenant, reachPrefixes, shopCondition } from "../kernel/dataScope.ts";
import { allOf, anyOf, type Condition } from "../kernel/filter.ts";

/**
 * What a weeks list filters on in ElectroDB's `.where()` — a gift or an RCI exchange, both copied
 * from their client: the string attributes `S` and the operations on them (ElectroDB's own are
 * assignable; `S` is inferred).
 */
type WeeksRecordAttrs<S> = { clientName: S; mobile: S; remark: S; shop: S };
type WeeksRecordOps<S> = Record<"contains" | "eq" | "begins", (attr: S, value: string) => string>;

/**
 * The filter of a weeks list (gifts, RCI exchanges): the keyword on the client's name, mobile or the
 * remark, the list's own conditions (`own`: its status filters), and the caller's data scope.
 */
export function weeksListFilter<S>(caller: Caller, keyword: string, a: WeeksRecordAttrs<S>, op: WeeksRecordOps<S>, ...own: Condition[]): string {
  return allOf(
    keyword && anyOf(op.contains(a.clientName, keyword), op.contains(a.mobile, keyword), op.contains(a.remark, keyword)),
    ...own,
    !reachesWholeTenant(caller) && shopCondition(op, a.shop, reachPrefixes(caller)),
  );
}
