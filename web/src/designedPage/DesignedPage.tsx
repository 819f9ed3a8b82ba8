import type { AnyComponent, PageDocument } from "./document.ts";
import { ComponentPreview } from "./renderers.tsx";
import { HeaderBar, NavbarBanner, TabBar } from "./PageChrome.tsx";

/** Which parts of the page show (R555–R557): a guide page shows none of them. */
export function partsShown(doc: PageDocument) {
  const guide = doc.isGuide;
  return {
    header: !guide && doc.topArea === "main" && doc.header.display,
    navbar: !guide && doc.topArea === "back" && doc.navbar.display,
    content: !guide && doc.content.display,
    tabbar: !guide && doc.tabbar.display,
  };
}

export function GuideNotice() {
  return <div className="flex flex-1 items-center justify-center p-4 text-center text-xs text-slate-400">引导页：不显示导航栏、页面横幅、内容和底部菜单</div>;
}

/**
 * A designed page as the mini-program shows it, at `scale` (screen pixels per design pixel): the
 * designer's 预览 draws it in its frame, the member H5 across the phone. `code` is the page's menu
 * code, so the tab bar marks its own item.
 */
export function DesignedPage({ doc, title, scale, code }: { doc: PageDocument; title: string; scale: number; code?: string }) {
  const shown = partsShown(doc);
  return (
    <>
      {shown.header && (
        <HeaderBar doc={doc} title={title}>
          {(doc.header.components as AnyComponent[]).map((c) => (
            <ComponentPreview key={c.id} c={c} scale={scale} />
          ))}
        </HeaderBar>
      )}
      {shown.navbar && <NavbarBanner doc={doc} title={title} />}
      {doc.isGuide && <GuideNotice />}
      <div className="flex-1" data-part={shown.content ? "content" : undefined}>
        {shown.content && (doc.content.data as AnyComponent[]).map((c) => <ComponentPreview key={c.id} c={c} scale={scale} />)}
      </div>
      {shown.tabbar && <TabBar doc={doc} code={code} />}
    </>
  );
}
