import { defineConfig } from "vite";

/**
 * The public website: plain TypeScript, no framework (docs/content.md). The entry and its
 * stylesheet keep fixed names (app.js, app.css) so the detail page rendered by the content Lambda
 * for visitors without JavaScript (and for search engines) links the same files as the static
 * index.html; they are served with `no-cache`, anything under assets/ is hashed and immutable.
 */
export default defineConfig({
  base: "/site/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        entryFileNames: "app.js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: (a) => (a.names?.some((n) => n.endsWith(".css")) ? "app.css" : "assets/[name]-[hash][extname]"),
      },
    },
  },
});
