import { areaApp, lambda } from "../http/app.ts";
import { routes } from "./routes.ts";
import { productImpls } from "./productsImpl.ts";

export const app = areaApp(routes, productImpls);
export const handler = lambda(app);
