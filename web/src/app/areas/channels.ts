import type { ScreenModule } from "../screens.ts";

/** Every screen of the channels area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/channels/*.tsx", "!../../areas/channels/*.test.tsx"], { eager: true });
