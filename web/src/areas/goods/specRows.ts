import type { Spec } from "./goodsQueries.ts";

/** The saved spec's fields the modal fills in when the reply leaves them out (the editor's inputs take no blanks). */
type Filled = "specName" | "startTime" | "endTime" | "imageUrl" | "specUnit" | "goodsCount" | "idisplay";
/** A specification as the modal edits it: the saved spec's fields (typed from the route table), with what it has sold and whether it has orders. */
export type Row = Pick<Spec, "id" | "marketPrice" | "price" | "sold" | "left" | "orderCount"> & { [K in Filled]-?: NonNullable<Spec[K]> };

export const toRow = (s: Spec): Row => ({
  id: s.id,
  specName: s.specName ?? "",
  startTime: s.startTime ?? "",
  endTime: s.endTime ?? "",
  imageUrl: s.imageUrl ?? "",
  specUnit: s.specUnit ?? "",
  marketPrice: s.marketPrice,
  price: s.price,
  goodsCount: s.goodsCount ?? 0,
  idisplay: s.idisplay ?? 1,
  sold: s.sold,
  left: s.left,
  orderCount: s.orderCount,
});
/** A typed number: empty is 0. */
export const num = (s: string) => (s.trim() === "" ? 0 : Number(s));
export const cellInput = "h-7 w-full rounded border border-slate-300 px-1.5 text-sm disabled:bg-slate-50";

export type EditorProps = { rows: Row[]; setRows: (rows: Row[]) => void };
