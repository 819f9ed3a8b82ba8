import { toPreview } from "./geometry.ts";
import type { AnyComponent } from "./document.ts";
import { useLive, type Item } from "./live.tsx";

/** What every component renderer takes: the component, and the preview's scale (design pixels to screen). */
export type R = { c: AnyComponent; scale: number };

export const px = (v: unknown, scale: number) => toPreview(v, scale) ?? 0;
export const items = (c: AnyComponent, key = "data"): Item[] => (Array.isArray(c[key]) ? (c[key] as Item[]) : []);
/** The items a list component draws: what its API answered on a live page, else its own. */
export function useItems(c: AnyComponent): Item[] {
  return useLive().useApiItems(c) ?? items(c);
}
/** The items to draw: the given ones, or — in the designer — `n` samples. */
export function useSamples(list: Item[], n: number, sample: (i: number) => Item): Item[] {
  const { preview } = useLive();
  return list.length || !preview ? list : Array.from({ length: n }, (_, i) => ({ ...sample(i), sample: true }));
}
