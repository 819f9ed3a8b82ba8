import type { ScreenModule } from "../screens.ts";

/** Every screen of the lottery area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/lottery/*.tsx", "!../../areas/lottery/*.test.tsx"], { eager: true });
