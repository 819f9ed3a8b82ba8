import * as v from "valibot";
import { idField, idsInput, maybeId, optText, requiredInt, requiredText, linkField, wholeRecord } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";

/**
 * App versions (APP版本更新, R484–R487): the packages the app offers as updates. The package is
 * uploaded as an .apk through the uploader (kind "apk": format and size checked there, files/rules.ts)
 * or named by an https address; the service checks an uploaded one is a verified .apk.
 */
export const APP_MSG = {
  appName: "APP不能为空",
  appNameLong: "APP不能超过50个字",
  appid: "APPID不能为空",
  versionCode: "版本号不能为空",
  versionCodeBad: "版本号必须是正整数",
  url: "更新地址不能为空",
  urlBad: "更新地址须是上传的.apk文件或http(s)地址",
  apkMissing: "安装包不存在或未上传完成",
  missing: "APP版本不存在或已被删除",
} as const;

/** The read path of an uploaded package (files/rules.ts filePath) or a download address. */
const UPLOADED = /^\/uploader\/files\/[^/]+\/[0-9a-f]{32,64}\.apk$/;

/** appupdate/save. */
export const AppVersionInput = wholeRecord({
  id: maybeId(),
  appName: requiredText(APP_MSG.appName, 50, APP_MSG.appNameLong),
  appid: v.pipe(requiredText(APP_MSG.appid, 64, "APPID不能超过64个字"), v.regex(/^[A-Za-z0-9_.-]+$/, "APPID只能包含字母、数字、下划线、点和短横线")),
  version: optText(30, "版本名称不能超过30个字"),
  versionCode: requiredInt(APP_MSG.versionCode, APP_MSG.versionCodeBad, 1),
  url: v.pipe(
    linkField("更新地址", { required: APP_MSG.url, tooLong: APP_MSG.urlBad, bad: APP_MSG.urlBad }),
    v.check((s) => UPLOADED.test(s) || /^https?:\/\/\S+$/.test(s), APP_MSG.urlBad),
  ),
  updateInfo: optText(2000, "更新说明不能超过2000个字"),
});
export type AppVersionInput = v.InferOutput<typeof AppVersionInput>;

export const AppListQuery = listQuery({});
export const AppViewQuery = v.object({ id: idField(APP_MSG.missing) });
export const AppDeleteInput = idsInput();
