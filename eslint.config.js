import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import pluginQuery from "@tanstack/eslint-plugin-query";

/**
 * The guard rails `npm test` runs (docs/decisions.md "Guard rails"): TypeScript's recommended rules,
 * React's hooks rules and TanStack Query's rules in the console, and the layer boundaries:
 *
 * - core (the domain) imports neither functions, local, web nor site;
 * - a route table (`routes.ts`) imports schemas, field builders and types only — never services;
 * - the console imports from core only schemas, pure rules and pure kernel modules, and from
 *   functions only types (the route contract).
 *
 * packages/functions/test/lintRules.test.ts lints deliberate wrong imports to prove each boundary holds.
 */

/** The pure modules of core the console may import (no I/O, no AWS SDK). */
const CORE_FOR_CONSOLE =
  "(kernel/(fields|paging|pageSizes|money|pictures|errors|envelope|clock|rights)|[a-z]+/(schemas|import/schemas|rules|booking|status|orderStatus|nights|ledger/plan)|[a-z]+/[A-Za-z]+/(schemas|rules|status)|finance/priceRules|pages/document/(index|rules|components/[a-zA-Z]+)|pages/links|auth/memberMessages)";

/** The one ElectroDB Service joins every entity: Lambda code never imports it (docs/decisions.md, "ElectroDB"). */

const boundaries = {
  core: {
    files: ["packages/core/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@xiangyu/(functions|local|web|site)(/|$)", message: "core is the domain: it imports no transport, twin or console code." },
            { regex: "^(\\.\\./)+(functions|local)/", message: "core is the domain: it imports no transport or twin code." },
          ],
        },
      ],
    },
  },
  functions: {
    files: ["packages/functions/src/**/*.ts"],
    rules: {},
  },
  routes: {
    // An area shared by several teams (finance) splits its table into `<part>Routes.ts` files that routes.ts joins.
    files: ["packages/functions/src/*/routes.ts", "packages/functions/src/*/*Routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@xiangyu/core/(?!kernel/(fields|paging|money|pictures|rights)$|[a-z]+/(import/)?schemas$|[a-z]+/[A-Za-z]+/schemas$)",
              allowTypeImports: true,
              message: "A route table imports schemas, field builders and types only (import type for views); services belong in the handler.",
            },
            { regex: "^\\.\\./(?!http/define\\.ts$)", allowTypeImports: true, message: "A route table imports ../http/define.ts only (and types)." },
            {
              regex: "^\\./(?![a-zA-Z]+Routes\\.ts$)",
              allowTypeImports: true,
              message: "A route table imports no code of its area but its other route tables (the handler imports the routes, not the other way).",
            },
          ],
        },
      ],
    },
  },
  console: {
    files: ["web/src/**/*.{ts,tsx}", "site/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: `^@xiangyu/core/(?!${CORE_FOR_CONSOLE}$)`, message: "The console imports from core only schemas, pure rules and pure kernel modules." },
            { regex: "^@xiangyu/functions/", allowTypeImports: true, message: "The console imports from functions only types (import type … from the route contract)." },
            { regex: "^@xiangyu/local", message: "The console never imports the local twin." },
          ],
        },
      ],
    },
  },
};

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".sst/**", ".build/**", "cdk.out/**", ".data/**", "bench-results/**", "web/e2e/screenshots/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // No `any` in the product's source: the few left are at named edges (ElectroDB items, a wildcard in a
      // conditional type, a setter of any value), each with an eslint-disable line saying so.
      "@typescript-eslint/no-explicit-any": "error",
      // A type is imported as a type, so a module read only for its types is never loaded at run time.
      "@typescript-eslint/consistent-type-imports": ["error", { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  ...pluginQuery.configs["flat/recommended"].map((c) => ({ ...c, files: ["web/src/**/*.{ts,tsx}"] })),
  boundaries.core,
  boundaries.functions,
  boundaries.routes,
  boundaries.console,
  {
    // Small files with one job (issue 40): no file over 400 lines, no function over 80, outside tests and seeds; no exemption.
    files: ["packages/*/src/**/*.ts", "web/src/**/*.{ts,tsx}", "site/src/**/*.ts", "stacks/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "packages/local/src/seed/**", "packages/core/src/auth/commonPasswords.ts", "packages/functions/src/openapi/served.ts"],
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Tests read replies as JSON, and the local twin and the benches drive the SDK's raw shapes.
    files: ["**/test/**", "**/*.test.{ts,tsx}", "infra-tests/**", "web/e2e/**", "packages/local/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
