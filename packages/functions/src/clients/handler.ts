import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";

const impls: Impls<typeof routes> = {};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
