import type { ScreenModule } from "../screens.ts";

/** Every screen of the org area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/org/*.tsx", "!../../areas/org/*.test.tsx"], { eager: true });
