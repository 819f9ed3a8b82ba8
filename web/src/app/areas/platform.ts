import type { ScreenModule } from "../screens.ts";

/** Every screen of the platform area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/platform/**/*.tsx", "!../../areas/platform/**/*.test.tsx"], { eager: true });
