import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/** The platform configuration screens' reads and writes by route (tenantQueries.ts is the model). */
const PAY_LIST = "GET /gateway/api/manage/platform/payconfig/list";
const PAY_VIEW = "GET /gateway/api/manage/platform/payconfig/view";
const WX_LIST = "GET /gateway/api/manage/platform/wxconfig/list";
const WX_VIEW = "GET /gateway/api/manage/platform/wxconfig/view";
const MCH_LIST = "GET /gateway/api/manage/platform/wxconfig/mchidList";
const SMS_LIST = "GET /gateway/api/manage/platform/smsconfig/list";
const SMS_VIEW = "GET /gateway/api/manage/platform/smsconfig/view";
const DB_LIST = "GET /gateway/api/manage/platform/dbconfig/list";
const DB_VIEW = "GET /gateway/api/manage/platform/dbconfig/view";
const APP_LIST = "GET /gateway/api/appupdate/list";
const APP_VIEW = "GET /gateway/api/appupdate/view";

export type PayConfig = DataOf<typeof PAY_VIEW>;
export type WxConfig = DataOf<typeof WX_VIEW>;
export type SmsConfig = DataOf<typeof SMS_VIEW>;
export type DbConfig = DataOf<typeof DB_VIEW>;
export type AppVersion = DataOf<typeof APP_VIEW>;

/** A WeChat account write moves its channel's binding count, so both lists go stale. */
const PAY = staleReads(PAY_LIST, PAY_VIEW, MCH_LIST);
const WX = staleReads(WX_LIST, WX_VIEW, ...PAY);
const SMS = staleReads(SMS_LIST, SMS_VIEW);
const DB = staleReads(DB_LIST, DB_VIEW);
const APP = staleReads(APP_LIST, APP_VIEW);

/** One record for its dialog (nothing read for a new one). */
export function usePayConfig(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, PAY_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}
export function useWxConfig(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, WX_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}
export function useSmsConfig(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, SMS_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}
export function useDbConfig(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, DB_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}
export function useAppVersion(id?: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, APP_VIEW, { id: id ?? 0 }), select: (r) => r.data, gcTime: 0, enabled: !!id });
}

/** The pay channels a WeChat account may bind; disabled ones are listed but not selectable (R456). */
export function useMchOptions() {
  const api = useApi();
  return useQuery({
    ...routeQuery(api, MCH_LIST, { keyword: "" }, "list"),
    select: (r) =>
      (r.dataList ?? []).map((m) => ({ value: m.mchId, label: m.isUsing === 1 ? `${m.mchName}（${m.mchId}）` : `${m.mchName}（${m.mchId}，已停用）`, disabled: m.isUsing !== 1 })),
  });
}

export const useSavePay = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/payconfig/save", { ...o, invalidates: PAY });
export const usePassPay = () => useRouteMutation("POST /gateway/api/manage/platform/payconfig/passed", { invalidates: PAY });
export const useDeletePay = () => useRouteMutation("POST /gateway/api/manage/platform/payconfig/delete", { invalidates: PAY, success: "删除成功" });
export const useSaveWx = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/wxconfig/save", { ...o, invalidates: WX });
export const usePassWx = () => useRouteMutation("POST /gateway/api/manage/platform/wxconfig/passed", { invalidates: WX });
export const useDeleteWx = () => useRouteMutation("POST /gateway/api/manage/platform/wxconfig/delete", { invalidates: WX, success: "删除成功" });
export const useSaveSms = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/smsconfig/save", { ...o, invalidates: SMS });
export const useDeleteSms = () => useRouteMutation("POST /gateway/api/manage/platform/smsconfig/delete", { invalidates: SMS, success: "删除成功" });
export const useSaveDb = (o: SaveOptions) => useSave("POST /gateway/api/manage/platform/dbconfig/save", { ...o, invalidates: DB });
export const usePassDb = () => useRouteMutation("POST /gateway/api/manage/platform/dbconfig/passed", { invalidates: DB });
export const useDeleteDb = () => useRouteMutation("POST /gateway/api/manage/platform/dbconfig/delete", { invalidates: DB, success: "删除成功" });
export const useSaveApp = (o: SaveOptions) => useSave("POST /gateway/api/appupdate/save", { ...o, invalidates: APP });
export const APP_STALE = APP;
