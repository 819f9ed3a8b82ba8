import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

/** The ES build of a package whose `main` is CommonJS (`dir` relative to web/). */
const esm = (file: string, dir = "../node_modules") => fileURLToPath(new URL(`${dir}/${file}`, import.meta.url));

/** CommonJS shims that import React: pre-bundled, so that they get web's React. */
const SYNC_STORE_SHIMS = ["shim", "shim/index.js", "shim/with-selector", "shim/with-selector.js", "with-selector"].map((p) => `use-sync-external-store/${p}`);

/** The libraries most screens import, pre-bundled once rather than transformed module by module in every test file. */
const PREBUNDLED = [
  "@tanstack/react-query",
  "@tanstack/react-router",
  "@tanstack/react-table",
  "@headlessui/react",
  "@tiptap/react",
  "@tiptap/starter-kit",
  "@tiptap/extension-image",
  "react-day-picker",
  "react-day-picker/locale/zh-CN",
];

/**
 * Component tests (jsdom). The workspace root holds React 18 for SST's terminal UI; the console uses
 * web's React 19. Node would resolve `react` from a package hoisted to the root (react-query, dnd-kit,
 * use-sync-external-store under the router, Headless UI and Tiptap) to React 18, so the React libraries
 * and react-day-picker go through Vite here (inline, ES builds, pre-bundled shims), where `dedupe` gives them web's React.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    dedupe: ["react", "react-dom"],
    alias: {
      "@dnd-kit/core": esm("@dnd-kit/core/dist/core.esm.js", "node_modules"),
      "@dnd-kit/sortable": esm("@dnd-kit/sortable/dist/sortable.esm.js", "node_modules"),
      "@dnd-kit/utilities": esm("@dnd-kit/utilities/dist/utilities.esm.js"),
      "@dnd-kit/accessibility": esm("@dnd-kit/accessibility/dist/accessibility.esm.js"),
    },
  },
  test: {
    name: "web",
    root: import.meta.dirname,
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // Each file in a VM context of a long-lived worker: the jsdom environment is not set up again
    // per file (108 files: 176 s instead of 225 s with two forks; docs/decisions.md, "The quick loop").
    pool: "vmThreads",
    // A component test that takes 1 s alone takes 3–4 s beside a second worker and other work on
    // two cores: vitest's 5 s default left no headroom (docs/decisions.md, "Headroom").
    testTimeout: 15_000,
    passWithNoTests: true,
    setupFiles: ["src/testSetup.ts"],
    server: { deps: { inline: [/@tanstack\//, /@headlessui\//, /@react-aria\//, /react-stately/, /@floating-ui\//, /@dnd-kit\//, /@tiptap\//, /react-day-picker/] } },
    deps: { optimizer: { web: { enabled: true, include: [...SYNC_STORE_SHIMS, ...PREBUNDLED] } } },
  },
});
