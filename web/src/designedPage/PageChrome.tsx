import type { ReactNode } from "react";
import { TABBAR_RESERVE, textOn } from "./geometry.ts";
import type { PageDocument } from "./document.ts";
import { Follow, useLive } from "./live.tsx";

/**
 * The parts of a page around its content: the navigation bar (main style, the header), the page
 * banner (back-navigation style, the navbar) and the tab bar, drawn from the document's settings.
 */
const isAddress = (s: string) => /^(https?:\/\/|\/)/.test(s);

function Icon({ value, fallback, colour }: { value?: string; fallback: string; colour: string }) {
  if (value && isAddress(value)) return <img src={value} alt="" className="size-4 object-contain" />;
  return (
    <span className="text-[1em] leading-none" style={{ color: colour }}>
      {value || fallback}
    </span>
  );
}

/** The status bar of a phone: over the bar's colour when immersive, otherwise its own white strip. */
function StatusBar({ background }: { background: string }) {
  if (!useLive().preview) return null;
  return (
    <div className="flex h-5 items-center justify-between px-3 text-[0.75em] font-medium" style={{ background, color: textOn(background) }} data-status-bar>
      <span>9:41</span>
      <span>▮▮▮ ◔</span>
    </div>
  );
}

/**
 * The navigation bar: its title row over the bar's colour (or picture), and below it, on the same
 * background, the components the header holds (`children`: the designer's drop zone or the
 * preview's components). In Design the title row is a button that opens the bar's own settings.
 */
export function HeaderBar({ doc, title, children, select }: { doc: PageDocument; title: string; children?: ReactNode; select?: { selected: boolean; onSelect: () => void } }) {
  const h = doc.header;
  const { preview } = useLive();
  const bar = h.isBGTransparent ? "transparent" : doc.barBackgroundColor;
  const colour = textOn(h.isBGTransparent ? doc.backgroundColor : doc.barBackgroundColor);
  const align = h.textAlign === "left" ? "justify-start" : h.textAlign === "right" ? "justify-end" : "justify-center";
  const top = (
    <>
      {h.statusBarImmersion ? <StatusBar background={bar === "transparent" ? doc.backgroundColor : bar} /> : <StatusBar background="#ffffff" />}
      <div className={`flex h-10 items-center px-3 ${align}`}>
        {h.showTitle && <span className="truncate text-[1em] font-medium">{title || "页面标题"}</span>}
        {h.compFixed && preview && <span className="ml-2 rounded bg-black/10 px-1 text-[0.65em]">固定</span>}
      </div>
    </>
  );
  return (
    <div
      data-part="header"
      // A fixed navigation bar stays at the top while a member scrolls (the preview draws it in place).
      data-fixed={h.compFixed && !preview ? "" : undefined}
      style={{ background: bar, backgroundImage: h.bgImage ? `url(${h.bgImage})` : undefined, backgroundSize: "cover", color: colour }}
      className={`${h.compFixed && !preview ? "sticky top-0 z-10" : ""} ${h.radius && h.radiusImmersion ? "pb-3" : ""} ${select?.selected ? "outline-2 -outline-offset-2 outline-blue-500" : ""}`}
    >
      {select ? (
        // The bar as it will look, under a transparent button that selects it: the button holds no
        // visible text of its own, so its name is only what it opens (axe label-content-name-mismatch).
        <div className="relative">
          {top}
          <button
            type="button"
            aria-label="导航栏设置"
            onClick={select.onSelect}
            className="absolute inset-0 block w-full outline-offset-[-2px] hover:outline-1 hover:outline-blue-400 hover:outline-dashed focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </div>
      ) : (
        top
      )}
      {children}
    </div>
  );
}

export function NavbarBanner({ doc, title }: { doc: PageDocument; title: string }) {
  const [left, right1, right2] = doc.navbar.icons;
  const colour = textOn(doc.barBackgroundColor);
  return (
    <div data-part="navbar" style={{ background: doc.barBackgroundColor, color: colour }}>
      <StatusBar background={doc.barBackgroundColor} />
      <div className="flex h-10 items-center gap-2 px-3">
        <Icon value={left} fallback="‹" colour={colour} />
        <span className="flex-1 truncate text-center text-[1em] font-medium">{title || "页面标题"}</span>
        <Icon value={right1} fallback="⋯" colour={colour} />
        <Icon value={right2} fallback="◎" colour={colour} />
      </div>
    </div>
  );
}

/** The mini-program's tab bar, in the 55 px the preview keeps for it (R564). */
export function TabBar({ doc, code }: { doc: PageDocument; code?: string }) {
  const { preview } = useLive();
  const t = doc.tabbar.data;
  const items = t.items.length ? t.items : [{ text: "首页" }, { text: "我的" }];
  // The item of the page shown is the selected one (the designer, without a page code, shows the first).
  const at = items.findIndex((it) => "menuCode" in it && code !== undefined && it.menuCode === code);
  const selected = at < 0 ? 0 : at;
  return (
    <div
      data-part="tabbar"
      className={`flex shrink-0 items-stretch ${preview ? "" : "sticky bottom-0"}`}
      style={{ height: TABBAR_RESERVE, background: t.backgroundColor, borderTop: `1px solid ${t.borderStyle}` }}
    >
      {items.map((it, i) => {
        const icon = (i === selected ? ("selectedIconPath" in it && it.selectedIconPath) || ("iconPath" in it && it.iconPath) : "iconPath" in it && it.iconPath) || "";
        return (
          <Follow
            key={i}
            to={"pagePath" in it ? it.pagePath : undefined}
            className="flex flex-1 flex-col items-center justify-center gap-0.5 text-[0.75em]"
            style={{ color: i === selected ? t.selectedColor : t.color }}
          >
            {icon ? <img src={icon} alt="" className="size-5 object-contain" /> : <span className="size-5 rounded-full border-2 border-current opacity-60" />}
            {it.text}
          </Follow>
        );
      })}
    </div>
  );
}
