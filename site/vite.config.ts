import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig, type Manifest, type Plugin } from "vite";

/**
 * The two stable names the detail page rendered by the content Lambda links (docs/content.md "The
 * detail page without JavaScript"; docs/decisions.md "Website caching"): that page is rendered
 * long after and apart from any build, so it cannot know the hashed names.
 */
const STABLE_SCRIPT = "app.js";
const STABLE_STYLESHEET = "app.css";

/**
 * After the build, reads the manifest and writes the stable entry: `app.js`, one line importing
 * the hashed entry (a path relative to itself, so the same file works under /site/ and at a
 * domain's root), and `app.css`, a copy of the hashed stylesheet (a copy, not an `@import`, so a
 * reader without JavaScript gets the page styled after one request). Both are served `no-cache`
 * and always name the current build; everything under assets/ is hashed and immutable.
 */
function stableEntry(): Plugin {
  let outDir = "";
  return {
    name: "xiangyu-stable-entry",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
      const entry = manifest["index.html"];
      const css = entry?.css ?? [];
      if (!entry?.isEntry || css.length !== 1) throw new Error("site build: the manifest has no entry index.html with one stylesheet");
      writeFileSync(join(outDir, STABLE_SCRIPT), `import "./${entry.file}";\n`);
      copyFileSync(join(outDir, css[0]!), join(outDir, STABLE_STYLESHEET));
    },
  };
}

/**
 * The public website: plain TypeScript, no framework (docs/content.md). Vite's default names
 * (assets/[name]-[hash].js, .css), which the static index.html links, plus a manifest
 * (dist/.vite/manifest.json) from which stableEntry writes app.js and app.css.
 */
export default defineConfig({
  base: "/site/",
  plugins: [stableEntry()],
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
});
