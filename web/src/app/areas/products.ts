import type { ScreenModule } from "../screens.ts";

/** Every screen of the products area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/products/*.tsx", "!../../areas/products/*.test.tsx"], { eager: true });
