/**
 * The ten colours of a tenant and their defaults (R442: login dark navy, header blue). Pure, so the
 * console's frame shows the same defaults without loading the tenant form's schema.
 */
export const TENANT_COLOR_DEFAULTS = {
  loginColor: "#1f2a44",
  headerBgcolor: "#1d5fbf",
  headerFontcolor: "#ffffff",
  headerSelectedBgcolor: "#174e9e",
  headerSelectedFontcolor: "#ffffff",
  leftMenuBgcolor: "#ffffff",
  leftMenuFontcolor: "#374151",
  leftMenuSelecteFontcolor: "#1d5fbf",
  leftMenuSelectedBgcolor: "#e8f0fb",
  leftMenuitemBgcolor: "#ffffff",
} as const;
export type TenantColor = keyof typeof TENANT_COLOR_DEFAULTS;
export const TENANT_COLORS = Object.keys(TENANT_COLOR_DEFAULTS) as TenantColor[];
