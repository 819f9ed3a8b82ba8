import type { ScreenModule } from "../screens.ts";

/** Every screen of the orders area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/orders/*.tsx", "!../../areas/orders/*.test.tsx"], { eager: true });
