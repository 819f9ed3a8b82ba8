import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { DesignedPage } from "../../designedPage/DesignedPage.tsx";
import { textSizeOf } from "../../designedPage/geometry.ts";
import { LivePage, type Live } from "../../designedPage/live.tsx";
import { DesignedForm } from "../DesignedForm.tsx";
import { DESIGN_WIDTH } from "@xiangyu/core/pages/document/rules";
import { unwrap } from "../../lib/query.ts";
import { memberApi } from "../memberApi.ts";
import { MEMBER_LIVE } from "../live.ts";
import { Failed, Loading } from "../parts.tsx";
import type { ScreenProps } from "../screens.ts";

/** The home page (`/`, the page coded "home") and every page 自定义页面 publishes (`/p/<code>`), drawn by the designer's own renderers. */
export default function PageScreen({ params }: ScreenProps) {
  const code = params.code ?? "home";
  const page = useQuery({
    queryKey: ["GET /gateway/api/custompage/render", code],
    queryFn: () => unwrap(memberApi.call("GET /gateway/api/custompage/render", { code, domain: location.host })),
  });
  // The page's forms send their answers under its code.
  const live = useMemo<Live>(() => ({ ...MEMBER_LIVE, Form: ({ c }) => <DesignedForm c={c} code={code} /> }), [code]);
  if (page.isPending) return <Loading />;
  if (page.isError || !page.data.data) return <Failed text={page.error?.message || "页面不存在"} retry={() => void page.refetch()} />;
  const p = page.data.data;
  const scale = Math.min(window.innerWidth, 430) / DESIGN_WIDTH;
  document.title = p.name;
  return (
    <div className="flex min-h-dvh flex-col" style={{ background: p.document.backgroundColor, fontSize: textSizeOf(scale) }} data-page={p.code}>
      <LivePage live={live}>
        <DesignedPage doc={p.document} title={p.name} scale={scale} code={p.code} />
      </LivePage>
    </div>
  );
}
