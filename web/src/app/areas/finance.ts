import type { ScreenModule } from "../screens.ts";

/** Every screen of the finance area in one chunk (split bill, profit sharing, purchase reviews; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/finance/**/*.tsx", "!../../areas/finance/**/*.test.tsx"], { eager: true });
