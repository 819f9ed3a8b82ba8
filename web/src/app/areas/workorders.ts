import type { ScreenModule } from "../screens.ts";

/** Every screen of the work-orders area in one chunk (loaded when the first of them opens; see screens.ts). */
export default import.meta.glob<ScreenModule>(["../../areas/workorders/*.tsx", "!../../areas/workorders/*.test.tsx"], { eager: true });
