import { DomainError } from "./errors.ts";
import type { Caller } from "./context.ts";

/**
 * Rights letters (R040–R051). A role holds, per function id, a string of letters;
 * holding the function at all (even with no letter) lets the caller open its screen.
 */
export const LETTERS = ["A", "D", "E", "P", "R", "S"] as const;
export type Letter = (typeof LETTERS)[number];
export type RightsMap = Record<string, string>;

/** The spec's denial texts; A has none in the spec, see docs/decisions.md. */
export const DENIAL: Record<Letter, string> = {
  A: "你没有新增权限",
  D: "你没有删除权限",
  E: "你没有修改权限",
  P: "你没有启禁用权限",
  R: "你没有审核权限",
  S: "你无操作权限",
};

export const normaliseLetters = (s: string): string => LETTERS.filter((l) => s.toUpperCase().includes(l)).join("");

/** Union of the rights of several roles. */
export function mergeRights(maps: RightsMap[]): RightsMap {
  const out: RightsMap = {};
  for (const m of maps) for (const [fid, letters] of Object.entries(m)) out[fid] = normaliseLetters((out[fid] ?? "") + letters);
  return out;
}

export type RightFlags = { a: boolean; d: boolean; e: boolean; p: boolean; r: boolean; s: boolean };

export function flagsOf(letters: string | undefined): RightFlags {
  const has = (l: Letter) => !!letters && letters.includes(l);
  return { a: has("A"), d: has("D"), e: has("E"), p: has("P"), r: has("R"), s: has("S") };
}

/** The letters the caller holds on the function the request came from ("" without one). */
export const heldLetters = (caller: Pick<Caller, "rights" | "functionId">): string => (caller.functionId ? (caller.rights[String(caller.functionId)] ?? "") : "");
/** The same as flags, for a reply that tells the screen what the caller may do (a review button shown or not). */
export const heldFlags = (caller: Pick<Caller, "rights" | "functionId">): RightFlags => flagsOf(heldLetters(caller));

/**
 * Refuses (code "403", the letter's denial or `denial`) a caller who lacks `letter` on the function
 * the request came from: the adapter's check of a route's `also` letter (type management is R on top
 * of A/E/D on the product list, R043, R348; docs/api.md, "Routes that need R"), and a handler's of a
 * letter that depends on the record.
 */
export function requireLetter(caller: Pick<Caller, "rights" | "functionId">, letter: Letter, denial: string = DENIAL[letter]): void {
  if (!heldLetters(caller).includes(letter)) throw new DomainError(denial, "403");
}
