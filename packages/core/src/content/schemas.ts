import * as v from "valibot";
import {
  BAD_INPUT,
  idField,
  intChoice,
  isBusinessDate,
  latField,
  lngField,
  maybeId,
  optInt,
  optText,
  rawValue,
  blank,
  requiredText,
  textChoice,
  optRawText,
  linkField,
  isSafeLink,
  badLink,
  LINK_LIST_KIND,
  wholeRecord,
} from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { DEFAULT_SORT_ORDER, INFO_TYPES, MAX_LABEL, MAX_TITLE, MAX_TITLE_PICTURES, splitPictures, type InfoType } from "./rules.ts";

/**
 * The information forms and queries (spec 002 §3 and §5, R515–R528), shared by the server and the
 * console's edit modal. Messages are the spec's; where it gives none, ours say what the field must be.
 */
export const MSG = {
  infoType: "信息类型不能为空",
  infoTitle: "标题不能为空",
  titleLong: `标题不能超过${MAX_TITLE}个字`,
  label: `标签不能超过${MAX_LABEL}个字`,
  pictures: `最多只能选择${MAX_TITLE_PICTURES}张标题图片`,
  pictureLong: "图片地址过长",
  time: "时间格式不正确",
  endBeforeStart: "结束时间不能早于开始时间",
  content: "内容不能超过200000个字符",
  notFound: "信息不存在或已被删除",
  pass: "并没有选择启禁用项",
} as const;

const infoTypeField = v.pipe(
  textChoice(INFO_TYPES, MSG.infoType),
  v.check((t) => t !== undefined, MSG.infoType),
  v.transform((t) => t as InfoType),
);

/** A business time "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss"; blank is "". */
const timeField = v.pipe(
  rawValue,
  v.transform((x) => (blank(x) ? "" : String(x).trim())),
  v.check((s) => s === "" || isBusinessDate(s), MSG.time),
);

/** infoPicture: up to 3 URLs joined by "?" (R522); out comes the list. */
const titlePictures = v.pipe(
  optText(MAX_TITLE_PICTURES * 501, MSG.pictures),
  v.transform(splitPictures),
  v.check((l) => l.length <= MAX_TITLE_PICTURES, MSG.pictures),
  v.check((l) => l.every((u) => u.length <= 500), MSG.pictureLong),
  v.check((l) => l.every(isSafeLink), badLink("标题图片")),
  v.metadata({ fieldKind: LINK_LIST_KIND, label: "标题图片" }),
);

/** The edit modal's form (R518–R524); `content` is sanitised by the service before it is stored. */
export const InformationInput = v.pipe(
  wholeRecord({
    id: maybeId("数据不完整，请刷新页面重新编辑。"),
    infoType: infoTypeField,
    infoTitle: requiredText(MSG.infoTitle, MAX_TITLE, MSG.titleLong),
    label: optText(MAX_LABEL, MSG.label),
    price: optText(20, "价格不能超过20个字"),
    fromIn: optText(50, "来源不能超过50个字"),
    orgCode: optText(60, BAD_INPUT),
    publishtime: timeField,
    starttime: timeField,
    endtime: timeField,
    address: optText(200, "地址不能超过200个字"),
    lng: lngField(),
    lat: latField(),
    infoPicture: titlePictures,
    jumpUrl: linkField("跳转链接"),
    content: optRawText(200_000, MSG.content),
    idisplay: intChoice([0, 1] as const, BAD_INPUT, 1),
    sortOrder: optInt(DEFAULT_SORT_ORDER, "排序必须是0到9999999999之间的整数"),
  }),
  v.check((f) => f.infoType !== "activity" || !f.starttime || !f.endtime || f.endtime >= f.starttime, MSG.endBeforeStart),
);
export type InformationInput = v.InferOutput<typeof InformationInput>;

/** The console list (information/list): the function's articles, by area and by keyword on title, label or category. */
export const InformationListQuery = listQuery({ orgCode: optText(60, BAD_INPUT), infoType: textChoice(INFO_TYPES, BAD_INPUT) }, { sort: "sortOrder", order: "asc" });
export type InformationListQuery = v.InferOutput<typeof InformationListQuery>;

/** The console's single-record screen (loadManageByFunctionId): the function comes from the header. */
export const ManageQuery = v.object({ functionId: maybeId() });

/** A tenant's website is found by the host it is served on (docs/content.md "Which tenant"). */
const domainField = optText(260, "没有读取到门户信息，请重试。");

/** Public website lists: 10 a page (docs/gaps.md §10), at most 50, never deeper than 1,000 rows. */
export const PublicListQuery = v.pipe(
  listQuery({ functionId: idField("栏目不能为空"), domain: domainField }, { pageSize: 10, sort: "sortOrder", order: "asc" }),
  v.check((q) => q.paging.pageSize <= 50 && q.paging.currentPage * q.paging.pageSize <= 1000, "每页条数不正确"),
);
export const PublicViewQuery = v.object({ functionId: maybeId(), id: idField("信息不存在或已被删除"), domain: domainField });
export const PublicByFunctionQuery = v.object({ functionId: idField("栏目不能为空"), id: maybeId(), domain: domainField });
/** The carousel's news (`lable` is the spec's spelling); at most 20 items. */
export const PublicLabelQuery = v.object({ lable: requiredText("标签不能为空", MAX_LABEL, MSG.label), limit: optInt(10, "每页条数不正确", 1, 20), domain: domainField });
/** The detail page rendered as HTML (the site's own address: functionId, id; a preview is left to the script). */
export const SitePageQuery = v.object({ functionId: maybeId(), id: maybeId(), preview: optText(400, BAD_INPUT) });
/** A list page of the website: its column and page (10 a page, no deeper than the public list's 1,000 rows). */
export const SiteListQuery = v.object({ functionId: maybeId(), page: optInt(1, BAD_INPUT, 1, 100) });
/** The hotel directory (issue 35): one type (1 会员酒店, 2 折扣酒店) or all, one city (its region code) or all. */
export const SiteHotelsQuery = v.object({ type: optInt(0, BAD_INPUT, 0, 2), city: v.pipe(optText(12, BAD_INPUT), v.regex(/^\d*$/, BAD_INPUT)) });
/** A hotel's page. */
export const SiteHotelQuery = v.object({ id: maybeId() });
/** The website's home, robots.txt, sitemap, favicon and 404: no parameters (others, such as a campaign's, are ignored). */
export const SiteNoQuery = v.object({});
/** "Preview on the website" (beyond the spec): the console asks a link for an article; the website reads it with the link's token. */
export const PreviewLinkInput = v.object({ id: idField(MSG.notFound) });
export const PreviewQuery = v.object({ token: requiredText("预览链接已失效，请在后台重新打开预览", 400, "预览链接已失效，请在后台重新打开预览") });
