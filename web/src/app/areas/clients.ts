import type { ScreenModule } from "../screens.ts";

/** Every screen of the clients area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/clients/*.tsx", "!../../areas/clients/*.test.tsx"], { eager: true });
