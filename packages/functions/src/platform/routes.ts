import { data, list, moduleRoute, raw, sessionRoute, type RouteTable } from "../http/define.ts";
import { FunctionQuery, MenuQuery, StyleAttrDelete, StyleAttrInput, StyleListQuery, StyleNameQuery } from "@xiangyu/core/platform/schemas";
import type { MenuNode, ModuleInfo } from "@xiangyu/core/platform/menu";
import type { StyleRow } from "@xiangyu/core/platform/styleParams";
import type { RightFlags } from "@xiangyu/core/kernel/rights";

/** Every module whose screens edit style attributes (channels, page builder's API proxy table, platform). */
const STYLE_EDITORS = ["users", "pages", "platform"] as const;

/** style/attrsave and attrdelete answer `{check, msg}` instead of the envelope (R002); a save names the row. */
export type CheckReply = { check: 0 | 1; msg: string; id?: number };

/**
 * Shared lookups of every screen: titles, menu, rights, style parameters. Reads are not logged. The
 * platform operator's tenant screens are the `tenants` area: this Lambda answers every screen's
 * first paint, so it carries no tenant provisioning (docs/decisions.md).
 */
export const routes = {
  "GET /gateway/api/manage/type/moduleinfo": sessionRoute({ input: FunctionQuery, reply: data<ModuleInfo>(), log: false }),
  "GET /gateway/api/manage/type/list": sessionRoute({ input: MenuQuery, reply: list<MenuNode>(), log: false }),
  "GET /gateway/api/manage/appcenter/right/{functionId}": sessionRoute({ input: FunctionQuery, reply: data<RightFlags>(), log: false }),
  "GET /gateway/api/manage/appcenter/styleparam/list": sessionRoute({ input: StyleListQuery, reply: list<StyleRow>(), log: false }),
  "GET /gateway/api/manage/appcenter/styleparam/name": sessionRoute({ input: StyleNameQuery, reply: data<string>(), log: false }),
  "POST /gateway/api/manage/style/attrsave": moduleRoute(STYLE_EDITORS, { right: "save", input: StyleAttrInput, reply: raw<CheckReply>(), badInputAs: "check", log: "保存参数" }),
  "POST /gateway/api/manage/style/attrdelete": moduleRoute(STYLE_EDITORS, { right: "D", input: StyleAttrDelete, reply: raw<CheckReply>(), badInputAs: "check", log: "删除参数" }),
} satisfies RouteTable;
