import { provisionTenant, tenantExists } from "@xiangyu/core/platform/provision";
import { markPlatformTenant } from "@xiangyu/core/platform/operator";
import { createDepartments, loadRegions, regionsLoaded, type OrgPlan } from "@xiangyu/core/org/provision";
import { MENU } from "./menu.ts";
import { STYLE_PARAMS } from "./styleParams.ts";
import { chinaRegions } from "./regions.ts";
import { seedHotels } from "./hotels.ts";
import { seedClients } from "./clients.ts";
import { seedVouchers } from "./vouchers.ts";
import { seedOrders } from "./orders.ts";

/** The demo login printed by `npm start` and used by the tests (README.md). */
export const DEMO = {
  clientId: "xiangyu",
  clientSecret: "xiangyu-secret",
  username: "admin",
  mobile: "13800000000",
  password: "Admin@12345",
} as const;

export const DEMO_DEPARTMENTS: OrgPlan[] = [
  { orgName: "华南分公司", branch: true, children: [{ orgName: "广州天河店" }, { orgName: "深圳南山店" }, { orgName: "珠海香洲店" }] },
  { orgName: "华东分公司", branch: true, children: [{ orgName: "上海浦东店" }, { orgName: "杭州西湖店" }, { orgName: "南京鼓楼店" }] },
];

/** Seeds what a new machine needs to log in and look around; a no-op when the tenant exists. */
export async function seedDemo(log: (s: string) => void = () => undefined): Promise<boolean> {
  if (!(await regionsLoaded())) {
    const regions = chinaRegions();
    await loadRegions(regions);
    log(`regions: ${regions.length}`);
  }
  // The demo tenant is the platform tenant (it edits the region tree); a database seeded before the mark existed gets it too.
  if (await tenantExists(DEMO.clientId)) {
    await markPlatformTenant(DEMO.clientId);
    return false;
  }
  await provisionTenant({
    clientId: DEMO.clientId,
    clientSecret: DEMO.clientSecret,
    systemName: "享域会员管理平台",
    copyright: "© 享域酒店会员俱乐部",
    menu: MENU,
    styleParams: STYLE_PARAMS,
    admin: { username: DEMO.username, password: DEMO.password, mobile: DEMO.mobile, realname: "系统管理员" },
    platform: true,
  });
  await createDepartments(DEMO.clientId, DEMO_DEPARTMENTS);
  log(`tenant ${DEMO.clientId}: menu ${MENU.length}, style lists ${STYLE_PARAMS.length}, 2 branches × 3 stores`);
  await seedHotels(DEMO.clientId, log);
  await seedClients(DEMO.clientId, log);
  await seedVouchers(DEMO.clientId, log);
  await seedOrders(DEMO.clientId, log);
  return true;
}
