import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The bearer token lives in localStorage, so the one thing that could steal it is injected script:
 * the built page allows scripts from its own origin only ('wasm-unsafe-eval' lets the uploader's
 * WebAssembly hashing run; it allows no script text). Dev keeps Vite's inline HMR preamble.
 * A later screen that loads a third-party script (e.g. a map SDK) must add its host here.
 */
const CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'; form-action 'self'";
const contentSecurityPolicy = (): Plugin => ({
  name: "xy-csp",
  apply: "build",
  transformIndexHtml: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CSP }, injectTo: "head-prepend" }],
});

/** The area of an area's chunk module (src/areas/<area>/chunk.ts), for its file name. */
const areaOf = (id: string | null) => /\/src\/areas\/(\w+)\/chunk\.ts$/.exec(id ?? "")?.[1];

/** `npm start` serves the API; `npx vite` in web/ proxies to it (R018). */
const api = process.env.XY_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), contentSecurityPolicy()],
  // The workspace root holds React 18 for SST's terminal UI; the console must use web's React 19 only.
  resolve: { dedupe: ["react", "react-dom"] },
  server: { proxy: { "/gateway": api, "/uploader": api, "/xiangyu": api, "/goods": api } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // No manualChunks: each area is one chunk through its `chunk.ts` (src/areas/<area>/, see src/app/screens.ts);
    // a manual chunk would also swallow the shared code the entry needs. That chunk is named after its area.
    // Two pages: the console (index.html) and the member H5 (m/index.html, served at /m/, issue 34),
    // each with its own entry; the modules both use (React, the query client) are shared chunks.
    rollupOptions: {
      input: { console: "index.html", member: "m/index.html" },
      output: { chunkFileNames: (c) => `assets/${areaOf(c.facadeModuleId) ?? "[name]"}-[hash].js` },
    },
  },
});
