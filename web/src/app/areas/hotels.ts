import type { ScreenModule } from "../screens.ts";

/** Every screen of the hotels area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/hotels/*.tsx", "!../../areas/hotels/*.test.tsx"], { eager: true });
