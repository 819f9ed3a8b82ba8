/**
 * The role editor's grid as pure functions over a rights map (function id → letters of ADEPRS; a
 * function present without letters opens its screen only). Kept apart from the component so the
 * toggles are tested without a browser.
 */
export const GRID_LETTERS = ["A", "E", "D", "P", "R", "S"] as const;
export type GridLetter = (typeof GRID_LETTERS)[number];
export type Rights = Record<string, string>;
export const LETTER_NAMES: Record<GridLetter, string> = { A: "新增", E: "修改", D: "删除", P: "启禁/审核", R: "查看/复核", S: "导入/特殊" };

/** Letters in the server's order (ADEPRS), so a saved map compares equal to what was read. */
const ORDER = "ADEPRS";
const sorted = (letters: Iterable<string>) => [...new Set(letters)].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join("");

export const has = (r: Rights, fid: number, l: GridLetter) => (r[String(fid)] ?? "").includes(l);
export const opens = (r: Rights, fid: number) => r[String(fid)] !== undefined;

/** One cell: a letter on implies the screen opens. */
export function toggleCell(r: Rights, fid: number, l: GridLetter, on: boolean): Rights {
  const cur = r[String(fid)] ?? "";
  const next = on ? sorted([...cur, l]) : sorted([...cur].filter((x) => x !== l));
  return { ...r, [String(fid)]: next };
}

/** The whole row: every letter and the screen, or nothing at all. */
export function toggleRow(r: Rights, fid: number, on: boolean): Rights {
  const out = { ...r };
  if (on) out[String(fid)] = ORDER;
  else delete out[String(fid)];
  return out;
}

/** Opening the screen only (no letter), or closing it with its letters. */
export function toggleOpen(r: Rights, fid: number, on: boolean): Rights {
  const out = { ...r };
  if (on) out[String(fid)] = out[String(fid)] ?? "";
  else delete out[String(fid)];
  return out;
}

/** A whole column over the given functions: the letter everywhere (opening those screens), or nowhere. */
export function toggleColumn(r: Rights, fids: number[], l: GridLetter, on: boolean): Rights {
  let out = r;
  for (const fid of fids) if (on || opens(out, fid)) out = toggleCell(out, fid, l, on);
  return out;
}

export const rowFull = (r: Rights, fid: number) => GRID_LETTERS.every((l) => has(r, fid, l));
export const columnFull = (r: Rights, fids: number[], l: GridLetter) => fids.length > 0 && fids.every((fid) => has(r, fid, l));
