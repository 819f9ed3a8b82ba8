import { LETTERS, normaliseLetters, type RightsMap } from "../kernel/rights.ts";
import { DATA_SCOPES, widestScope, type DataScope } from "../kernel/dataScope.ts";
import { digitTerms, planDigits } from "../clients/searchKeys.ts";

/**
 * Users and roles rules without I/O: which rights a caller may hand on, which data scope is wider,
 * which search keys a user has, how a department code reads as a path. Imported by the console too.
 */

/** The code of the super-administrator role (provisioning writes it; docs/gaps.md 超级管理员). */
export const SUPER_CODE = "super";

/** The data scopes (kernel/dataScope.ts, the RuoYi model), widest first; re-exported for the console's role editor. */
export { DATA_SCOPES, isDataScope, widestScope, type DataScope } from "../kernel/dataScope.ts";
export const DATA_SCOPE_NAMES: Record<DataScope, string> = {
  all: "全部数据",
  branch: "本分公司数据",
  deptTree: "本部门及以下数据",
  dept: "仅本部门数据",
  self: "仅本人数据",
};

/** Whether scope `a` shows no more than scope `b`. */
export const scopeWithin = (a: string, b: string): boolean => DATA_SCOPES.indexOf(widestScope([a])) >= DATA_SCOPES.indexOf(widestScope([b]));

/**
 * The rights of `wanted` that `held` lacks, as "function: letters" (empty when none): a caller may
 * hand on only rights they hold themselves. Holding a function without letters is a right too (it
 * opens the screen), so a function the caller does not hold is lacking even with no letter.
 */
export function rightsBeyond(wanted: RightsMap, held: RightsMap): string[] {
  const out: string[] = [];
  for (const [fid, raw] of Object.entries(wanted)) {
    const letters = normaliseLetters(raw);
    const mine = held[fid];
    if (mine === undefined) {
      out.push(`${fid}:${letters}`);
      continue;
    }
    const missing = LETTERS.filter((l) => letters.includes(l) && !mine.includes(l)).join("");
    if (missing) out.push(`${fid}:${missing}`);
  }
  return out;
}

/** A rights map as stored: known function ids only, letters normalised (ADEPRS order, no repeats). */
export function cleanRights(rights: Record<string, unknown>, known: ReadonlySet<number>): RightsMap {
  const out: RightsMap = {};
  for (const [fid, letters] of Object.entries(rights)) {
    if (!/^\d{1,9}$/.test(fid) || !known.has(Number(fid))) continue;
    out[fid] = normaliseLetters(typeof letters === "string" ? letters : "");
  }
  return out;
}

/** What changed between two rights maps, for the operation log: function → [before, after]. */
export function rightsDiff(before: RightsMap, after: RightsMap): Record<string, [string | null, string | null]> {
  const out: Record<string, [string | null, string | null]> = {};
  for (const fid of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[fid] ?? null;
    const a = after[fid] ?? null;
    if (b !== a) out[fid] = [b, a];
  }
  return out;
}

/** Department codes are 3 characters per level (R026, R387). */
export const CODE_SEGMENT = 3;

/** The codes from the top level down to `code` ("001002" → ["001", "001002"]). */
export function codePath(code: string): string[] {
  const out: string[] = [];
  for (let i = CODE_SEGMENT; i <= code.length; i += CODE_SEGMENT) out.push(code.slice(0, i));
  return out;
}

/** R387: a department shown as its cascaded path, names joined with ' / '. */
export const deptPath = (code: string, nameOf: (code: string) => string | undefined): string =>
  codePath(code)
    .map((c) => nameOf(c) ?? "")
    .filter(Boolean)
    .join(" / ");

/**
 * The managelevel a user's departments give (docs/gaps.md: 1 platform / head office, 2 branch, 3 store):
 * no department is head office, a top-level department a branch, anything deeper a store.
 */
export function managelevelOf(deptCodes: readonly string[]): number {
  if (deptCodes.length === 0 || deptCodes.includes("")) return 1;
  return Math.min(...deptCodes.map((c) => (c.length <= CODE_SEGMENT ? 2 : 3)));
}

const chars = (s: string): string[] => Array.from(s.trim().toLowerCase());

/**
 * The search keys of a user (UserTerm): the first and the first two characters of the name, and the
 * mobile's last four and first seven digits — the clients' phone-digit keys (clients/searchKeys.ts),
 * so staff are found by a partial mobile as clients are. Whole usernames and mobiles are UserLogin's.
 */
export function userTerms(u: { realname: string; mobile?: string }): string[] {
  const c = chars(u.realname);
  const out = new Set<string>();
  if (c[0]) out.add(`n:${c[0]}`);
  if (c.length >= 2) out.add(`n:${c[0]}${c[1]}`);
  for (const d of digitTerms(u.mobile ?? "")) out.add(`${d.kind}:${d.term}`);
  return [...out];
}

export const nameKeyOf = (name: string): string => name.trim().toLowerCase();

export type UserKeyword =
  /** A full mobile: its login item. */
  | { kind: "mobile"; mobile: string }
  /** Text: the name key of its first one or two characters (filtered by the whole prefix), or an exact username. */
  | { kind: "text"; term: string; prefix: string; username: string };

export const MOBILE_PATTERN = /^1\d{10}$/;

/** How a staff keyword (R371: name or mobile) is answered from the search keys. */
export function planUserKeyword(raw: string): UserKeyword | null {
  const k = raw.trim();
  if (!k) return null;
  const digits = k.replace(/[\s-]/g, "").replace(/^\+?86(1\d{10})$/, "$1");
  if (MOBILE_PATTERN.test(digits)) return { kind: "mobile", mobile: digits };
  // Four digits (a mobile's last four) or seven starting with 1 (its first seven): the digit key, every match kept.
  const part = planDigits(k);
  if (part) return { kind: "text", term: `${part.kind}:${part.term}`, prefix: "", username: k.toLowerCase() };
  const c = chars(k);
  return { kind: "text", term: `n:${c.slice(0, 2).join("")}`, prefix: c.join(""), username: k.toLowerCase() };
}
