import type { ScreenModule } from "../screens.ts";

/** Every screen of the finance area in one chunk (purchase reviews, split bill, profit sharing; see screens.ts). Screens live in sub-folders. */
export default import.meta.glob<ScreenModule>(["../../areas/finance/**/*.tsx", "!../../areas/finance/**/*.test.tsx"], { eager: true });
