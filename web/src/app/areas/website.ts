import type { ScreenModule } from "../screens.ts";

/** Every screen of the website area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/website/*.tsx", "!../../areas/website/*.test.tsx"], { eager: true });
