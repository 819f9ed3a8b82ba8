import * as v from "valibot";
import { BAD_INPUT, idField, optInt, optText, requiredText, textChoice, linkField, wholeRecord } from "../kernel/fields.ts";
import { MAX_MENUS, MENU_KINDS, type WebsiteMenu } from "./rules.ts";

/** The website configuration form (网站设置) and the public website's queries. */
export const PORTAL_MISSING = "没有读取到门户信息，请重试。";
export const PORTAL_FAILED = "读取门户信息时出错。";

const color = v.pipe(
  optText(7, "颜色格式不正确"),
  v.check((s) => s === "" || /^#[0-9a-fA-F]{6}$/.test(s), "颜色格式不正确"),
);
const url = (what: string) => linkField(`${what}地址`, { tooLong: `${what}地址过长` });

/** A parent function id, 0 for a top menu. */
const optParent = optInt(0, BAD_INPUT);
const menuEntry = v.object({
  typeid: idField(BAD_INPUT),
  typename: requiredText("菜单名称不能为空", 20, "菜单名称不能超过20个字"),
  parent: optParent,
  kind: textChoice(MENU_KINDS, BAD_INPUT),
});

/** The menus as the form sends them: a JSON list (or a list already) of at most MAX_MENUS entries. */
const menusField = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.array(v.unknown())])), "[]"),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    let list: unknown = dataset.value ?? [];
    if (typeof list === "string") {
      if (list.length > MAX_MENUS * 200) {
        addIssue({ message: `网站菜单最多${MAX_MENUS}项` });
        return NEVER;
      }
      try {
        list = list.trim() ? JSON.parse(list) : [];
      } catch {
        addIssue({ message: BAD_INPUT });
        return NEVER;
      }
    }
    if (!Array.isArray(list)) {
      addIssue({ message: BAD_INPUT });
      return NEVER;
    }
    if (list.length > MAX_MENUS) {
      addIssue({ message: `网站菜单最多${MAX_MENUS}项` });
      return NEVER;
    }
    const out: WebsiteMenu[] = [];
    for (const raw of list) {
      const r = v.safeParse(menuEntry, raw);
      if (!r.success) {
        addIssue({ message: r.issues[0].message });
        return NEVER;
      }
      out.push({ typeid: r.output.typeid, typename: r.output.typename, parent: r.output.parent, kind: r.output.kind ?? "list" });
    }
    return out;
  }),
);

export const WebsiteConfigInput = wholeRecord(
  {
    branchname: requiredText("网站名称不能为空", 50, "网站名称不能超过50个字"),
    indexLogo: url("首页标志"),
    pageLogo: url("内页标志"),
    pagePurpose: optText(200, "网站描述不能超过200个字"),
    nopic: url("默认图片"),
    // The footer shows both on every page (R596): a website without them is not finished.
    branchaddress: requiredText("地址不能为空", 200, "地址不能超过200个字"),
    branchleadermobile: requiredText("电话不能为空", 30, "电话不能超过30个字"),
    icp: optText(50, "备案号不能超过50个字"),
    companyname: optText(100, "公司名称不能超过100个字"),
    mainColor: color,
    secondColor: color,
    menus: menusField,
  },
  "always",
);
export type WebsiteConfigInput = v.InferOutput<typeof WebsiteConfigInput>;

const domainField = optText(260, PORTAL_MISSING);
/** Public website calls name the site's host (docs/content.md "Which tenant"). */
export const DomainQuery = v.object({ domain: domainField });
export const FrontMenuQuery = v.object({ mainMenuId: idField("菜单不存在"), branchId: optText(20, BAD_INPUT), domain: domainField });
