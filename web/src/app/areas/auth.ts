import type { ScreenModule } from "../screens.ts";

/** Every screen of the auth area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/auth/*.tsx", "!../../areas/auth/*.test.tsx"], { eager: true });
