import type { ScreenModule } from "../screens.ts";

/** Every screen of the vouchers area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/vouchers/*.tsx", "!../../areas/vouchers/*.test.tsx"], { eager: true });
