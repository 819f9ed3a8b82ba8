import type { ScreenModule } from "../screens.ts";

/** Every screen of the users area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/users/*.tsx", "!../../areas/users/*.test.tsx"], { eager: true });
