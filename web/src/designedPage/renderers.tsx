import type { CSSProperties, ReactNode } from "react";
import { textOn } from "./geometry.ts";
import { HtmlPreview } from "./htmlPreview.tsx";
import { Follow, type Item } from "./live.tsx";
import { items, px, useItems, useSamples, type R } from "./rendererBase.ts";
import { Forms } from "./FormPreview.tsx";

/**
 * What each component kind looks like in the mini-program, drawn at the preview's scale (design
 * pixels × 400/750 for a portrait page). One small renderer per kind, reading the component's own
 * parameters — the values the panels edit — so a change shows at once. Lists without items (an API
 * fills them in the mini-program) show a few grey samples, so the layout can still be judged.
 */
function Placeholder({ label, style, className = "" }: { label: string; style?: CSSProperties; className?: string }) {
  return (
    <div style={style} className={`flex items-center justify-center bg-slate-200 text-[0.8em] text-slate-500 ${className}`}>
      {label}
    </div>
  );
}

function Picture({ src, label, style, className = "" }: { src?: string; label: string; style?: CSSProperties; className?: string }) {
  return src ? <img src={src} alt={label} style={style} className={`block object-cover ${className}`} /> : <Placeholder label={label} style={style} className={className} />;
}

function Banner({ c, scale }: R) {
  const slides = useItems(c);
  const height = px(c.height, scale);
  const first = slides[0];
  return (
    <div style={{ paddingLeft: c.full ? 0 : px(c.previousMargin, scale) || px(24, scale), paddingRight: c.full ? 0 : px(c.nextMargin, scale) || px(24, scale) }}>
      <div className={`relative overflow-hidden ${c.radius ? "rounded-lg" : ""} ${c.shadow ? "shadow-md" : ""}`} style={{ height }}>
        {first?.video && !first.image ? (
          <Placeholder label="▶ 视频" style={{ height }} className="bg-slate-800 text-white" />
        ) : (
          <Follow to={first?.url}>
            <Picture src={first?.image} label={first?.title || "轮播图"} style={{ height, width: "100%" }} />
          </Follow>
        )}
        {first?.title && <div className="absolute bottom-0 left-0 right-0 truncate bg-black/30 px-2 py-0.5 text-[0.9em] text-white">{first.title}</div>}
        {c.indicatorDots && (
          <div className="absolute bottom-1.5 left-0 right-0 flex justify-center gap-1" data-dots>
            {Array.from({ length: Math.max(1, slides.length) }, (_, i) => (
              <span key={i} className={`size-1.5 rounded-full ${i === 0 ? "bg-white" : "bg-white/50"}`} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function Menu({ c, scale }: R) {
  const cols = Math.max(1, Number(c.columnNum) || 1);
  const rows = Math.max(1, Number(c.rows) || 1);
  const list = useSamples(useItems(c), cols * rows, (i) => ({ title: `菜单${i + 1}` }));
  const shown = c.menuType === "page" ? list.slice(0, cols * rows) : list;
  const icon = px(c.mode === "rect" ? 64 : 88, scale);
  const colour = textOn(c.backgroundColor);
  return (
    <div style={{ background: c.backgroundColor, color: colour }} className={`${c.shadow ? "shadow-md" : ""} px-1 py-2`}>
      <div className="grid gap-y-2" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} data-menu-grid>
        {shown.map((m, i) => (
          <Follow key={i} to={m.url} className={`flex flex-col items-center gap-1 ${c.hasBorder ? "border border-slate-200 py-1" : ""}`}>
            <Picture src={m.icon} label="" style={{ width: c.mode === "rect" ? icon * 1.5 : icon, height: icon }} className={c.mode === "rect" ? "rounded" : "rounded-lg"} />
            <span className="max-w-full truncate text-[0.8em]">{m.title}</span>
          </Follow>
        ))}
      </div>
      {c.menuType === "page" && list.length > cols * rows && <div className="mt-1 text-center text-[0.75em] opacity-60">● ○</div>}
    </div>
  );
}

function SeparationLine({ c, scale }: R) {
  return (
    <div
      data-separation
      className={c.shadow ? "shadow-inner" : ""}
      style={{
        height: px(c.height, scale),
        background: c.backgroundColor,
        marginTop: px(c.marginTop, scale),
        marginBottom: px(c.marginBottom, scale),
        marginLeft: px(c.marginLeft, scale),
        marginRight: px(c.marginRight, scale),
      }}
    />
  );
}

function RichText({ c }: R) {
  const body =
    c.mode === 3 ? (
      <p className="text-slate-400">内容来自接口：{c.api || "（未设置）"}</p>
    ) : c.mode === 2 ? (
      <p className="whitespace-pre-wrap">{c.text || "纯文本内容"}</p>
    ) : c.content ? (
      <HtmlPreview html={String(c.content)} className="[&_h2]:text-[1.1em] [&_h2]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc" />
    ) : (
      <p className="text-slate-400">富文本内容</p>
    );
  return (
    <div className="px-3 py-2 text-[0.9em] leading-relaxed" style={{ background: c.backgroundColor, color: textOn(c.backgroundColor) }}>
      {body}
    </div>
  );
}

function SearchBox({ placeholder, button, buttonColour }: { placeholder: string; button?: string; buttonColour?: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="flex h-7 flex-1 items-center rounded-full bg-white px-3 text-[0.8em] text-slate-400">⌕ {placeholder}</div>
      {button && (
        <span className="text-[0.9em]" style={{ color: buttonColour }}>
          {button}
        </span>
      )}
    </div>
  );
}

function Search({ c }: R) {
  return (
    <Follow to={c.redirect ? c.url : undefined} className="px-3 py-2" style={{ background: c.backgroundColor }}>
      <SearchBox placeholder={c.placeholder || "请输入关键词"} button={c.showActionButton ? c.actionName : undefined} buttonColour={c.btnColor || textOn(c.backgroundColor)} />
    </Follow>
  );
}

function Tabs({ titles, text, selected, background, shadow }: { titles: string[]; text?: string; selected?: string; background?: string; shadow?: boolean }) {
  return (
    <div className={`flex gap-4 overflow-hidden px-3 text-[0.9em] ${shadow ? "shadow" : ""}`} style={{ background, color: text }}>
      {titles.map((t, i) => (
        <span key={i} className="shrink-0 py-2" style={i === 0 ? { color: selected, borderBottom: `2px solid ${selected}` } : undefined}>
          {t}
        </span>
      ))}
    </div>
  );
}

function LFTabs({ c }: R) {
  const titles = useSamples(useItems(c), 4, (i) => ({ title: `选项${i + 1}` })).map((t) => String(t.title || "选项"));
  return <Tabs titles={titles} text={c.textColor} selected={c.sltTextColor} background={c.backgroundColor} shadow={c.shadow} />;
}

/** The search box and left-right tabs an information or goods list may carry above its items. */
function ListTop({ c }: R) {
  return (
    <>
      {c.isSearch && (
        <div className="bg-slate-100 px-3 py-1.5">
          <SearchBox placeholder={c.searchName || "搜索"} />
        </div>
      )}
      {c.isLFTabs && <Tabs titles={[c.LFTabsName || "全部", "分类一", "分类二"]} text="#333333" selected="#2D8CF0" background="#ffffff" />}
    </>
  );
}

function Information({ c, scale }: R) {
  const list = useSamples(useItems(c), 3, (i) => ({ type: i === 1 ? "pictures" : "image", title: `资讯标题${i + 1}`, from: "来源", time: "2026-01-01" }));
  const thumb = { width: px(220, scale), height: px(150, scale) };
  // A row is a thumb's target on the phone (88 design px: 46 px across a 390 px screen), as List's.
  const row = px(88, scale);
  return (
    <div className="bg-white">
      <ListTop c={c} scale={scale} />
      {list.map((it, i) => {
        const pics: string[] = Array.isArray(it.images) ? it.images.map((p: Item) => p.url).filter(Boolean) : [];
        const type = it.type === "auto" ? (pics.length >= 3 ? "pictures" : pics.length ? "image" : it.video ? "video" : "text") : it.type;
        return (
          <Follow key={i} to={it.url} className="border-b border-slate-100 px-3 py-2 text-[0.9em]" style={{ minHeight: row }}>
            <div className="flex gap-2">
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-slate-800">{it.title || "资讯标题"}</p>
                {it.desc && type === "text" && <p className="mt-0.5 line-clamp-2 text-[0.8em] text-slate-500">{it.desc}</p>}
              </div>
              {type === "image" && <Picture src={pics[0]} label="图片" style={thumb} className="shrink-0 rounded" />}
            </div>
            {type === "pictures" && (
              <div className="mt-1 grid grid-cols-3 gap-1">
                {[0, 1, 2].map((k) => (
                  <Picture key={k} src={pics[k]} label="图片" style={{ height: px(150, scale) }} className="w-full rounded" />
                ))}
              </div>
            )}
            {type === "video" && <Placeholder label="▶ 视频" style={{ height: px(320, scale) }} className="mt-1 rounded bg-slate-800 text-white" />}
            <p className="mt-1 text-[0.75em] text-slate-400">{[it.from, it.time, it.like ? `${it.like}赞` : ""].filter(Boolean).join("  ")}</p>
          </Follow>
        );
      })}
      {c.isPage && <p className="py-1 text-center text-[0.75em] text-slate-400">每页{c.pageSize}条 · 上拉加载更多</p>}
    </div>
  );
}

function InfoView({ c }: R) {
  return (
    <div className="bg-white px-3 py-2 text-[0.9em]">
      {c.showTitle && <p className="text-[1em] font-semibold text-slate-800">资讯标题</p>}
      {(c.showTime || c.showFrom) && (
        <p className="mt-0.5 text-[0.75em] text-slate-400">{[c.showFrom ? "来源" : "", c.showTime ? "2026-01-01 10:00" : ""].filter(Boolean).join("  ")}</p>
      )}
      <p className="mt-1 text-slate-600">{c.infoId ? `资讯 ${c.infoId} 的正文` : "打开页面时所带资讯的正文"}</p>
    </div>
  );
}

function PictureGroup({ c, scale }: R) {
  const list = useSamples(items(c), 1, () => ({ width: 750, height: "auto" }));
  return (
    <div className="flex flex-wrap">
      {list.map((p, i) => {
        const width = px(p.width ?? 750, scale);
        const height = p.height === "auto" ? undefined : px(p.height, scale);
        const style: CSSProperties = { width, height: height ?? (p.image ? undefined : px(300, scale)) };
        return (
          <div
            key={i}
            style={{ marginTop: px(p.marginTop, scale), marginBottom: px(p.marginBottom, scale), marginLeft: px(p.marginLeft, scale), marginRight: px(p.marginRight, scale) }}
            data-picture
          >
            <Follow to={p.action?.url}>
              <Picture src={p.image} label={`图片${i + 1}`} style={style} className={p.radius ? "rounded-lg" : ""} />
            </Follow>
          </div>
        );
      })}
    </div>
  );
}

function List({ c, scale }: R) {
  const list = useSamples(useItems(c), 3, (i) => ({ title: `列表项${i + 1}`, arrow: true, hasBorder: true }));
  const row = px(88, scale);
  return (
    <div className={c.isBGTransparent ? "" : "bg-white"} data-transparent={c.isBGTransparent ? "" : undefined}>
      {c.dataFrom === "menu" && <p className="px-3 pt-1 text-[0.75em] text-slate-400">当前栏目的子菜单</p>}
      {list.map((it, i) => (
        <Follow
          key={i}
          to={it.disabled ? undefined : it.url}
          className={`flex items-center gap-2 px-3 py-2 text-[0.9em] ${it.hasBorder ? "border-b border-slate-100" : ""} ${it.disabled ? "opacity-50" : ""}`}
          style={{ minHeight: row }}
        >
          {it.thumb && <img src={it.thumb} alt="" className="size-5 rounded object-cover" />}
          <div className="min-w-0 flex-1">
            <p className="truncate text-slate-800">{it.title}</p>
            {it.note && <p className="truncate text-[0.75em] text-slate-400">{it.note}</p>}
          </div>
          {it.extraText && <span className="text-[0.8em] text-slate-400">{it.extraText}</span>}
          {it.isSwitch && (
            <span className="inline-flex h-4 w-7 items-center rounded-full px-0.5" style={{ background: it.switchIsCheck ? it.switchColor : "#cbd5e1" }}>
              <span className={`size-3 rounded-full bg-white ${it.switchIsCheck ? "ml-auto" : ""}`} />
            </span>
          )}
          {it.arrow && !it.isSwitch && <span className="text-slate-300">›</span>}
        </Follow>
      ))}
    </div>
  );
}

function Msg({ c }: R) {
  const first = useItems(c)[0];
  return (
    <div className="flex items-center gap-2 px-3 py-1.5 text-[0.9em]" style={{ background: c.backgroundColor, color: c.color }}>
      {c.icon ? (
        <img src={c.icon} alt="" className="size-4" />
      ) : (
        <span aria-hidden className="rounded bg-red-700 px-1 text-[0.65em] text-white">
          公告
        </span>
      )}
      <Follow to={first?.url} className="min-w-0 flex-1 truncate">
        {first?.title || "公告内容"}
      </Follow>
    </div>
  );
}

function GoodsList({ c, scale }: R) {
  const list = useSamples(useItems(c), 4, (i) => ({ goodsName: `商品${i + 1}`, price: "99.00" }));
  const waterfall = Number(c.listType) === 1;
  return (
    <div style={{ background: c.background }}>
      <ListTop c={c} scale={scale} />
      <div className={waterfall ? "grid grid-cols-2 gap-1.5 p-1.5" : "flex flex-col gap-px"} data-goods={waterfall ? "waterfall" : "list"}>
        {list.map((g, i) =>
          waterfall ? (
            <Follow key={i} to={g.url} className="overflow-hidden rounded bg-white text-[0.9em]">
              <Picture src={g.pictureTitle} label="商品图" style={{ height: px(i % 2 ? 260 : 320, scale) }} className="w-full" />
              <p className="truncate px-1.5 pt-1">{g.goodsName}</p>
              <p className="px-1.5 pb-1 text-red-600">¥{g.price}</p>
            </Follow>
          ) : (
            <Follow key={i} to={g.url} className="flex gap-2 bg-white p-1.5 text-[0.9em]">
              <Picture src={g.pictureTitle} label="商品图" style={{ width: px(160, scale), height: px(160, scale) }} className="shrink-0 rounded" />
              <div className="min-w-0">
                <p className="truncate">{g.goodsName}</p>
                <p className="text-red-600">¥{g.price}</p>
                {g.marketPrice && <p className="text-[0.75em] text-slate-400 line-through">¥{g.marketPrice}</p>}
              </div>
            </Follow>
          ),
        )}
      </div>
      {c.isPage && <p className="py-1 text-center text-[0.75em] text-slate-400">每页{c.pageSize}件</p>}
    </div>
  );
}

const RENDERERS: Record<string, (p: R) => ReactNode> = { Banner, Menu, SeparationLine, RichText, Search, LFTabs, Information, InfoView, PictureGroup, List, Forms, Msg, GoodsList };

/** One component as the mini-program would show it. */
export function ComponentPreview({ c, scale }: R) {
  const Render = RENDERERS[c.kind];
  return Render ? <Render c={c} scale={scale} /> : <Placeholder label={`未知组件 ${c.kind}`} style={{ height: 40 }} />;
}
