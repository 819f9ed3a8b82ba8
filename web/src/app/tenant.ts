import { TENANT_COLOR_DEFAULTS, type TenantColor } from "@xiangyu/core/platform/rules";
import type { CSSProperties } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, appConfig } from "../lib/api.ts";
import type { DataOf } from "../lib/contract.ts";
import { EnvelopeError } from "../lib/query.ts";

const TENANT = "GET /gateway/oauth/tenant";
type Branding = DataOf<typeof TENANT>;

/** The public branding of this console's tenant (GET /gateway/oauth/tenant): login page and colours, the images a list and the colours complete. */
export type Tenant = Omit<Branding, "systemName" | "bgimages" | "colors"> & { systemName: string; bgimages: string[]; colors: Colors };

export type Colors = Record<TenantColor, string>;

/** Used where the tenant record leaves a colour empty (R442: login dark navy, header blue). */
export const DEFAULT_COLORS: Colors = TENANT_COLOR_DEFAULTS;

const isColor = (v: unknown): v is string =>
  typeof v === "string" && v.trim() !== "" && (typeof CSS === "undefined" || !CSS.supports ? /^#[0-9a-f]{3,8}$/i.test(v.trim()) : CSS.supports("color", v.trim()));

/** Tenant colours over the defaults; a value the browser cannot read as a colour is ignored. */
export function colorsOf(given: Partial<Record<keyof Colors, unknown>> | undefined): Colors {
  const out = { ...DEFAULT_COLORS };
  for (const k of Object.keys(out) as (keyof Colors)[]) {
    const v = given?.[k];
    if (isColor(v)) out[k] = v.trim();
  }
  return out;
}

/** The colours as CSS variables, set once on the frame's root element. */
export function colorVars(c: Colors): CSSProperties {
  const vars: Record<`--${string}`, string> = {
    "--xy-login": c.loginColor,
    "--xy-header-bg": c.headerBgcolor,
    "--xy-header-fg": c.headerFontcolor,
    "--xy-header-active-bg": c.headerSelectedBgcolor,
    "--xy-header-active-fg": c.headerSelectedFontcolor,
    "--xy-menu-bg": c.leftMenuBgcolor,
    "--xy-menu-fg": c.leftMenuFontcolor,
    "--xy-menu-active-fg": c.leftMenuSelecteFontcolor,
    "--xy-menu-active-bg": c.leftMenuSelectedBgcolor,
    "--xy-menu-item-bg": c.leftMenuitemBgcolor,
  };
  return vars as CSSProperties;
}

const imagesOf = (v: unknown): string[] => {
  const list = typeof v === "string" ? safeJson(v) : v;
  return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string" && u !== "") : [];
};
const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return [];
  }
};

/**
 * Whom to ask for: the tenant a build was pinned to, else the tenant whose domains hold the host
 * this console was opened on (`location.host`, port included; the server also matches a domain
 * stored without port). On one machine each tenant is `<clientId>.localhost:PORT` (README.md).
 */
const tenantAsk = (pinned = appConfig.pinned, host = typeof location === "undefined" ? "" : location.host) => (pinned ? { clientId: pinned } : { domain: host });

export const tenantQuery = {
  queryKey: ["tenant", tenantAsk()],
  queryFn: async (): Promise<Tenant> => {
    // No toast: the login page itself says why it cannot sign in (an unknown domain, a disabled tenant).
    const r = await api.call(TENANT, tenantAsk());
    if (r.code !== "200" || !r.data) throw new EnvelopeError(r.code, r.desc || "没有读取到平台信息");
    const t = r.data;
    // Every later request names this tenant (the appId header): a token of another tenant is refused.
    appConfig.clientId = t.clientId;
    return { ...t, systemName: t.systemName || "享域会员管理平台", bgimages: imagesOf(t.bgimages), colors: colorsOf(t.colors) };
  },
  staleTime: Infinity,
} as const;

export const useTenant = () => useQuery(tenantQuery);
