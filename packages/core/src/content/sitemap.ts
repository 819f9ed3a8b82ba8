import { Information } from "./entities.ts";
import { isPublished } from "./rules.ts";
import { formatDateTime } from "../kernel/clock.ts";

/**
 * What the website's sitemap lists of one information column: its published articles with the
 * time each last changed (gsi2, enabled articles only: drafts are not in the key). Bounded: a
 * column gives at most MAX_PER_COLUMN entries (the list pages reach no deeper: 1,000 rows), and the
 * sitemap names at most a few columns, so one sitemap is a few bounded Queries.
 */
const MAX_PER_COLUMN = 500;
export type SitemapArticle = { id: number; typeId: number; lastmod: string };

export async function sitemapArticles(tenantId: string, typeId: number): Promise<SitemapArticle[]> {
  const { data } = await Information.query.byLive({ tenantId, typeId, live: 1 }).go({ limit: MAX_PER_COLUMN, pages: "all" });
  const now = formatDateTime();
  return data.filter((a) => isPublished(a, now) && !a.jumpUrl).map((a) => ({ id: a.id, typeId: a.typeId, lastmod: a.updatetime || a.publishtime || a.addtime || "" }));
}
