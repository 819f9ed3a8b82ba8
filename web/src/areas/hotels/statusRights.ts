import type { Rights } from "../../lib/screen.tsx";

/** Room status is set with the E or the A right (R099); the server checks the same pair. */
export const mayEditStatus = (r: Rights) => r.e || r.a;
