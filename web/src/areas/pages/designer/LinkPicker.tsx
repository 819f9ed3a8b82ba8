import { LINK_TARGETS, linkOf, memberScreenOf } from "@xiangyu/core/pages/links";
import { controlClass } from "../../../ui/form/inputs.tsx";

/**
 * Where a tap leads, picked from the link table (core pages/links.ts) rather than typed as a
 * mini-program path: a page by its code, a member screen, a goods, lottery, hotel or article by its
 * number, or an outside address (http(s), tel:). A value the table does not know (an older
 * document's path) stays as it is until the user picks something else.
 */
const OUTSIDE = "outside";
const OTHER = "other";
const NONE = "";

function choiceOf(value: string): { choice: string; param: string } {
  if (!value) return { choice: NONE, param: "" };
  const to = memberScreenOf(value);
  if (to.kind === "external") return { choice: OUTSIDE, param: value };
  if (to.kind === "screen" && to.target) return { choice: to.target.path, param: to.value ?? "" };
  // A target whose number or code is still being typed (or is not valid yet) stays that target.
  const [path, query = ""] = value.split("?", 2);
  const typing = LINK_TARGETS.find((t) => t.param && t.path.split("?")[0] === path);
  if (typing?.param) return { choice: typing.path, param: new URLSearchParams(query).get(typing.param.name) ?? "" };
  return { choice: OTHER, param: value };
}

export function LinkPicker({ id, label, value, onChange, error }: { id?: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { choice, param } = choiceOf(value);
  const target = LINK_TARGETS.find((t) => t.path === choice);
  const pick = (next: string) => {
    const t = LINK_TARGETS.find((x) => x.path === next);
    onChange(t ? linkOf(t, t.param ? "" : undefined) : next === OUTSIDE ? "https://" : "");
  };
  return (
    <div className="flex flex-col gap-1">
      <select id={id} aria-label={label} value={choice} onChange={(e) => pick(e.target.value)} aria-invalid={!!error} className={`${controlClass} w-full`}>
        <option value={NONE}>不跳转</option>
        {LINK_TARGETS.map((t) => (
          <option key={t.path} value={t.path}>
            {t.label}
          </option>
        ))}
        <option value={OUTSIDE}>外部网址或电话</option>
        {choice === OTHER && <option value={OTHER}>其他地址：{value}</option>}
      </select>
      {target?.param && (
        <input
          aria-label={`${label}：${target.param.name === "code" ? "页面编码" : "编号"}`}
          placeholder={target.param.name === "code" ? "页面编码，如 home" : "编号"}
          value={param}
          inputMode={target.param.name === "id" ? "numeric" : undefined}
          onChange={(e) => onChange(linkOf(target, e.target.value.trim()))}
          className={`${controlClass} w-full`}
        />
      )}
      {choice === OUTSIDE && (
        <input
          aria-label={`${label}：网址或电话`}
          placeholder="https:// 或 tel:"
          value={param}
          onChange={(e) => onChange(e.target.value.trim())}
          className={`${controlClass} w-full`}
        />
      )}
    </div>
  );
}
