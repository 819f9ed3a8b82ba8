import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { SCREENS, type ScreenEntry } from "../screens.ts";

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
const byPath = new Map(Object.entries(SCREENS).map(([path, entry]) => [path.toLowerCase(), entry]));

/** The registry entry of a route path (paths match case-insensitively, like the router). */
export function entryFor(path: string): ScreenEntry | undefined {
  return byPath.get(path.toLowerCase().replace(/\/+$/, ""));
}

/** The lazy component for a route path, or undefined. */
export function screenFor(path: string): LazyExoticComponent<ComponentType> | undefined {
  const entry = entryFor(path);
  if (!entry) return undefined;
  const key = path.toLowerCase().replace(/\/+$/, "");
  let c = loaded.get(key);
  if (!c) loaded.set(key, (c = lazy(entry.load)));
  return c;
}
