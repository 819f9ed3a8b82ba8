import { HtmlPreview } from "../../designedPage/htmlPreview.tsx";
import { Card, Loaded, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";

/** One article of the website's columns (an information list's item), its rich text rebuilt from an allow-list. */
export default function ArticleScreen({ params }: ScreenProps) {
  const article = useMemberRead("GET /gateway/api/information/loadViewById", { id: Number(params.id), domain: location.host });
  return (
    <>
      <ScreenBar title="资讯详情" />
      <Loaded query={article}>
        {({ data: a }) =>
          a && (
            <Card>
              <h2 className="text-lg font-semibold">{a.infoTitle}</h2>
              <p className="mt-1 text-xs text-slate-500">{[a.fromIn, a.publishtime.slice(0, 16)].filter(Boolean).join("  ")}</p>
              <HtmlPreview html={a.content ?? ""} className="mt-3 text-[15px] leading-relaxed [&_img]:my-2 [&_p]:my-2" />
            </Card>
          )
        }
      </Loaded>
    </>
  );
}
