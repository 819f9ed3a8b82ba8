import { configure } from "@testing-library/react";

// A loaded machine runs many test files at once: give findBy/waitFor more than the default second,
// in every file. A dialog's lazy chunk is compiled on its first open in each file, which took over
// 4 s in a loaded run (the client viewer, the password dialog), and the client viewer once 10.9 s
// (clean-clone run of 2026-11-30, 17:00); tests still have 15 s in all.
configure({ asyncUtilTimeout: 14_000 });

// jsdom lacks ResizeObserver, which Headless UI's floating panels (menus, popovers) use.
if (!("ResizeObserver" in globalThis)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver });
}
