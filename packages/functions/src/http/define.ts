import type { Letter } from "@xiangyu/core/kernel/rights";

/**
 * Route metadata, kept apart from the code that serves it so the stacks and the local gateway can
 * read every area's routes without loading the area. Paths are written as API Gateway writes them.
 */
export type Access =
  | { auth: "public" }
  | { auth: "session" }
  /** A screen's route: the functionId header must name a function of one of these modules. */
  | { auth: "function"; modules: readonly string[]; right?: Letter | "save" };

export type RouteDef = { access: Access; /** Writes are logged unless told otherwise (login itself, log reads). */ log?: boolean };
export type RouteTable = Record<string, RouteDef>;

export const publicRoute = (): RouteDef => ({ access: { auth: "public" }, log: false });
export const sessionRoute = (log?: boolean): RouteDef => ({ access: { auth: "session" }, log });
/** `right` "save" means A when the input has no id, E when it has one (R046). */
export const moduleRoute = (modules: string | readonly string[], right?: Letter | "save"): RouteDef => ({
  access: { auth: "function", modules: typeof modules === "string" ? [modules] : modules, right },
});

export const splitKey = (key: string): { method: "GET" | "POST"; path: string } => {
  const [method, path] = key.split(" ");
  if ((method !== "GET" && method !== "POST") || !path) throw new Error(`bad route key ${key}`);
  return { method, path };
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `{name}` matches one segment, `{name+}` the rest of the path (API Gateway's syntax), as named groups. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(
    "^" +
      path
        .split(/(\{\w+\+?\})/)
        .map((part) => {
          const m = part.match(/^\{(\w+)(\+?)\}$/);
          return m ? (m[2] ? `(?<${m[1]}>.+)` : `(?<${m[1]}>[^/]+)`) : escape(part);
        })
        .join("") +
      "$",
  );
