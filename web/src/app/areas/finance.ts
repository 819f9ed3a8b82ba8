import type { ScreenModule } from "../screens.ts";

/** Every screen of the finance area in one chunk (loaded when the first of them opens; see screens.ts). Screens live in sub-folders (reviews/, …). */
export default import.meta.glob<ScreenModule>(["../../areas/finance/**/*.tsx", "!../../areas/finance/**/*.test.tsx"], { eager: true });
