import { areaApp, lambda } from "../http/app.ts";
import { routes } from "./routes.ts";
import { orderImpls } from "./ordersImpl.ts";

export const app = areaApp(routes, orderImpls);
export const handler = lambda(app);
