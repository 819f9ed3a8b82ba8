import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { splitImpls } from "./splitHandler.ts";

/** The finance Lambda: split bill and profit sharing; the purchase reviews' impls join here (issue 16). */
const impls: Impls<typeof routes> = { ...splitImpls };

export const handler = lambda(areaApp(routes, impls));
