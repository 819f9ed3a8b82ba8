import type { ScreenModule } from "../screens.ts";

/** Every screen of the weeks area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/weeks/*.tsx", "!../../areas/weeks/*.test.tsx"], { eager: true });
