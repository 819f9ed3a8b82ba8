import type { Dispatch, SetStateAction } from "react";
import { GRID_LETTERS, LETTER_NAMES, columnFull, has, opens, rowFull, toggleCell, toggleColumn, toggleOpen, toggleRow, type Rights } from "./rightsGrid.ts";

/** A menu folder with the screens it opens. */
type Folder = { name: string; screens: { id: number; typename: string }[] };

/** The grid of the menu's screens × A E D P R S, with a whole-row and a whole-column toggle; `all` is every screen's id. */
export function RightsGrid({
  folders,
  all,
  rights,
  setRights,
  pending,
}: {
  folders: Folder[];
  all: number[];
  rights: Rights;
  setRights: Dispatch<SetStateAction<Rights>>;
  pending: boolean;
}) {
  return (
    <table className="mt-2 w-full border-collapse text-sm" aria-label="权限">
      <thead className="sticky top-0 bg-slate-50">
        <tr className="border-b border-slate-200 text-slate-600">
          <th className="px-2 py-1.5 text-left font-medium">功能</th>
          <th className="px-2 py-1.5 font-medium">可见</th>
          {GRID_LETTERS.map((l) => (
            <th key={l} className="px-2 py-1.5 font-medium">
              <label className="inline-flex flex-col items-center gap-0.5" title={`整列：${LETTER_NAMES[l]}`}>
                <span>
                  {l} <span className="text-xs text-slate-400">{LETTER_NAMES[l]}</span>
                </span>
                <input
                  type="checkbox"
                  aria-label={`整列${l}`}
                  className="accent-blue-600"
                  checked={columnFull(rights, all, l)}
                  onChange={(ev) => setRights((r) => toggleColumn(r, all, l, ev.target.checked))}
                />
              </label>
            </th>
          ))}
          <th className="px-2 py-1.5 font-medium">整行</th>
        </tr>
      </thead>
      <tbody>
        {pending && (
          <tr>
            <td colSpan={9} className="py-6 text-center text-slate-400">
              正在读取功能…
            </td>
          </tr>
        )}
        {folders.map((f) => [
          <tr key={`f${f.name}`} className="bg-slate-50/60">
            <td colSpan={9} className="px-2 pt-2 pb-1 text-xs font-medium text-slate-500">
              {f.name}
            </td>
          </tr>,
          ...f.screens.map((s) => <ScreenRights key={s.id} screen={s} rights={rights} setRights={setRights} />),
        ])}
      </tbody>
    </table>
  );
}

/** One screen's row: visible, each letter, and the whole row. */
function ScreenRights({ screen: s, rights, setRights }: { screen: Folder["screens"][number]; rights: Rights; setRights: Dispatch<SetStateAction<Rights>> }) {
  return (
    <tr className="border-b border-slate-100 hover:bg-blue-50/40">
      <td className="px-2 py-1 pl-4 text-slate-800">{s.typename}</td>
      <td className="text-center">
        <input
          type="checkbox"
          aria-label={`可见：${s.typename}`}
          className="accent-blue-600"
          checked={opens(rights, s.id)}
          onChange={(ev) => setRights((r) => toggleOpen(r, s.id, ev.target.checked))}
        />
      </td>
      {GRID_LETTERS.map((l) => (
        <td key={l} className="text-center">
          <input
            type="checkbox"
            aria-label={`${s.typename}：${l}`}
            className="accent-blue-600"
            checked={has(rights, s.id, l)}
            onChange={(ev) => setRights((r) => toggleCell(r, s.id, l, ev.target.checked))}
          />
        </td>
      ))}
      <td className="text-center">
        <input
          type="checkbox"
          aria-label={`整行：${s.typename}`}
          className="accent-blue-600"
          checked={rowFull(rights, s.id)}
          onChange={(ev) => setRights((r) => toggleRow(r, s.id, ev.target.checked))}
        />
      </td>
    </tr>
  );
}
