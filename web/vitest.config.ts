import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  // Same React as the build (see vite.config.ts): the workspace root holds React 18 for SST.
  resolve: { dedupe: ["react", "react-dom"] },
  test: { name: "web", root: import.meta.dirname, include: ["src/**/*.test.{ts,tsx}"], environment: "jsdom", passWithNoTests: true },
});
