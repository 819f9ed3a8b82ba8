import type { ScreenModule } from "../../app/screen/entry.ts";

/** Every screen of the goods area in one chunk (loaded when the first of them opens). */
export default import.meta.glob<ScreenModule>(["./*.tsx", "!./*.test.tsx"], { eager: true });
