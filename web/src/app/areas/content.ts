import type { ScreenModule } from "../screens.ts";

/** Every screen of the content area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/content/*.tsx", "!../../areas/content/*.test.tsx"], { eager: true });
