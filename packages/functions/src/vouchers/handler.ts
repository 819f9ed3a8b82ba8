import { areaApp, lambda } from "../http/app.ts";
import { routes } from "./routes.ts";
import { voucherImpls } from "./vouchersImpl.ts";

export const app = areaApp(routes, voucherImpls);
export const handler = lambda(app);
