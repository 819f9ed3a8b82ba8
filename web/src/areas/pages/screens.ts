import { SCREEN_SEARCH, type ScreenEntry } from "../../app/screen/entry.ts";

/** The page designer is a chunk of its own (dnd-kit, the canvas, every panel), outside the pages area's. */
const screens: Record<string, ScreenEntry> = {
  "/custompage": { load: () => import("./designer/DesignerScreen.tsx"), search: SCREEN_SEARCH },
};
export default screens;
