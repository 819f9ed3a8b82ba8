import type { ScreenModule } from "../../app/screen/entry.ts";

/** Every screen of the finance area in one chunk (purchase reviews, split bill, profit sharing). Screens live in sub-folders. */
export default import.meta.glob<ScreenModule>(["./**/*.tsx", "!./**/*.test.tsx"], { eager: true });
