import type { ScreenModule } from "../screens.ts";

/** Every screen of the goods area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/goods/*.tsx", "!../../areas/goods/*.test.tsx"], { eager: true });
