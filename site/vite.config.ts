import { defineConfig } from "vite";

export default defineConfig({ base: "/site/", build: { outDir: "dist", emptyOutDir: true } });
