import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { SCREENS } from "../screens.ts";

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
const byPath = new Map(Object.entries(SCREENS).map(([path, load]) => [path.toLowerCase(), load]));

/** The lazy component for a route path (paths match case-insensitively, like the router), or undefined. */
export function screenFor(path: string): LazyExoticComponent<ComponentType> | undefined {
  const key = path.toLowerCase().replace(/\/+$/, "");
  const load = byPath.get(key);
  if (!load) return undefined;
  let c = loaded.get(key);
  if (!c) loaded.set(key, (c = lazy(load)));
  return c;
}
