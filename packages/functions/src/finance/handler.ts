import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { reviewImpls } from "./reviewHandler.ts";

/** The finance area: the purchase review (reviewHandler.ts); split bill and profit sharing are splitBill/handler.ts. */
const impls: Impls<typeof routes> = { ...reviewImpls };

export const app = areaApp(routes, impls);
export const handler = lambda(app);
