import type { Entity, Item, Schema, WhereAttributes, WhereOperations } from "electrodb";

/**
 * Conditions joined for ElectroDB's `.where()`: its operations (`eq`, `contains`, …) give one
 * condition each, and a filter of several is built here rather than by hand. A part left out of a
 * filter (a keyword not typed, a filter not chosen) is given as `false`, `null`, `undefined` or "".
 * "" stands for no condition at all: ElectroDB then adds no expression.
 */
export type Condition = string | false | null | undefined;

const present = (parts: readonly Condition[]): string[] => parts.filter((p): p is string => !!p);

/** Every present condition must hold: the parts joined by AND ("" when none is present). */
export const allOf = (...parts: Condition[]): string => present(parts).join(" AND ");

/** At least one present condition holds: "(p1 OR p2 …)", one group within any AND ("" when none is present). */
export function anyOf(...parts: Condition[]): string {
  const kept = present(parts);
  return kept.length ? `(${kept.join(" OR ")})` : "";
}

/** The item type ElectroDB's `.where()` of entity `E` is typed with. */
type WhereItem<A extends string, F extends string, C extends string, S extends Schema<A, F, C>> = Item<A, F, C, S, S["attributes"]>;

/**
 * The attributes (`a.status`) an entity's `.where()` callback is given: a condition written once in
 * a named function, for several operations or queries of that entity, takes them typed.
 */
export type WhereAttrs<E> = E extends Entity<infer A, infer F, infer C, infer S> ? WhereAttributes<A, F, C, S, WhereItem<A, F, C, S>> : never;

/** The operations (`eq`, `contains`, …) an entity's `.where()` callback is given, as WhereAttrs. */
export type WhereOps<E> = E extends Entity<infer A, infer F, infer C, infer S> ? WhereOperations<A, F, C, S, WhereItem<A, F, C, S>> : never;
