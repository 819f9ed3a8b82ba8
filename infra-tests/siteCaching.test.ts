import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exec } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type { PublicArticle } from "@xiangyu/core/content/views";
import type { PublicWebsiteConfig } from "@xiangyu/core/website/config";
import { articlePage } from "@xiangyu/functions/content/sitePage";
import { SITE_BUILD, SITE_FILE_OPTIONS, SITE_FILE_PATHS, SITE_PAGE_REQUEST } from "../stacks/Site.ts";
import { sitePagePath } from "@xiangyu/functions/content/sitePaths";
import { startGateway } from "../packages/local/src/twin/gateway.ts";
import { freePort } from "../packages/local/src/twin/ports.ts";

/**
 * The website's caching (docs/decisions.md "Website caching"): hashed assets immutable, every other
 * file revalidated, the content Lambda's detail page linking only the stable entry (app.js,
 * app.css) that the build writes from its manifest, and client routes answered by a CloudFront
 * Function rather than distribution-wide error pages. No stack is synthesized here (that is
 * stacks.test.ts): the stack's own constants are checked, against the real production build.
 */
const root = resolve(import.meta.dirname, "..");

/**
 * SST 2.49's StaticSite upload rules, which it puts before ours; its uploader then takes the rules
 * in reverse, each file by the first rule that matches, so the last matching rule wins.
 */
const SST_RULES = [
  { files: "**", cacheControl: "max-age=0,no-cache,no-store,must-revalidate" },
  { files: ["**/*.js", "**/*.css"], cacheControl: "max-age=31536000,public,immutable" },
];

/** The uploader's glob (dot files included): `**` any number of folders, `*` within one, `{a,b}` either. */
const globRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^$()|[\]\\]/g, "\\$&")
      .replace(/\{([^}]*)\}/g, (_, alts: string) => `(?:${alts.split(",").join("|")})`)
      .replace(/\*\*\//g, "\u0000")
      .replace(/\*\*/g, "\u0001")
      .replace(/\*/g, "[^/]*")
      .replace(/\u0000/g, "(?:.*/)?")
      .replace(/\u0001/g, ".*")}$`,
  );

/** The Cache-Control a file of the build is uploaded with. */
const cacheControlOf = (file: string) => [...SST_RULES, ...SITE_FILE_OPTIONS].reverse().find((rule) => [rule.files].flat().some((p) => globRegExp(p).test(file)))?.cacheControl;

const immutable = (cc: string | undefined) => /immutable/.test(cc ?? "") && /max-age=31536000/.test(cc ?? "");
const revalidated = (cc: string | undefined) => /(^|,)\s*no-cache\b/.test(cc ?? "") && !/immutable/.test(cc ?? "");

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();

describe("the rules this test replicates are still SST's", () => {
  test("StaticSite puts its two rules before ours, and the uploader lets the last match win", () => {
    const construct = readFileSync(join(root, "node_modules/sst/constructs/StaticSite.js"), "utf8");
    expect(construct).toMatch(
      /files: "\*\*",\s*cacheControl: "max-age=0,no-cache,no-store,must-revalidate",\s*\},\s*\{\s*files: \["\*\*\/\*\.js", "\*\*\/\*\.css"\],\s*cacheControl: "max-age=31536000,public,immutable",\s*\},\s*\.\.\.\(this\.props\.assets\?\.fileOptions \|\| \[\]\)/,
    );
    const uploader = readFileSync(join(root, "node_modules/sst/support/custom-resources/index.mjs"), "utf8");
    expect(uploader).toContain("for (const fileOption of fileOptions.reverse())");
    expect(uploader).toContain(".filter((file) => !filesUploaded.includes(file))");
  });

  test("the glob stand-in matches as the uploader's does", () => {
    expect(globRegExp("**").test(".vite/manifest.json")).toBe(true);
    expect(globRegExp("**/*.js").test("app.js")).toBe(true);
    expect(globRegExp("**/*.js").test("assets/index-abc.js")).toBe(true);
    expect(globRegExp("assets/**").test("assets/index-abc.css")).toBe(true);
    expect(globRegExp("assets/**").test("app.css")).toBe(false);
  });
});

describe("the website's file options", () => {
  test("HTML and the stable entry are revalidated, hashed assets immutable (SST's *.js/*.css rule overridden)", () => {
    for (const file of ["index.html", "app.js", "app.css", ".vite/manifest.json", "demo/logo.svg"]) expect(revalidated(cacheControlOf(file)), file).toBe(true);
    for (const file of ["assets/index-3DpphyZU.js", "assets/index-CRoBhUO8.css", "assets/chunk-Ab12Cd34.js"]) expect(immutable(cacheControlOf(file)), file).toBe(true);
  });
});

describe("the website's pages (CloudFront Function on the default behaviour)", () => {
  type Request = { uri: string; headers: Record<string, { value: string }> };
  const handler = new Function(`${SITE_PAGE_REQUEST}; return handler;`)() as (e: { request: Request }) => Request;
  const run = (uri: string) => handler({ request: { uri, headers: { host: { value: "www.hotel.example" } } } });

  test("sends each address to the route the local gateway sends it to: home, the pages, else the 404 page", () => {
    for (const path of [
      "/",
      "/index.html",
      "/information/list",
      "/information/view",
      "/information/infoview",
      "/robots.txt",
      "/sitemap.xml",
      "/favicon.ico",
      "/nothing/here/",
      "/index",
      "/site/index",
    ])
      expect(run(path).uri, path).toBe(sitePagePath(path.slice(1)));
    expect(run("/").uri).toBe("/site/index");
    expect(run("/nothing").uri).toBe("/site/404");
  });

  test("names the website's host and its root for the content Lambda", () => {
    const r = run("/information/list");
    expect(r.headers["x-forwarded-host"]).toEqual({ value: "www.hotel.example" });
    expect(r.headers["x-site-root"]).toEqual({ value: "/" });
  });

  test("the build's files have behaviours of their own (the bucket), the stable entry among them", () => {
    expect(SITE_FILE_PATHS).toEqual(expect.arrayContaining(["/app.js", "/app.css", "/assets/*"]));
  });
});

describe("the website's production build", () => {
  let out: string;
  let manifest: Record<string, { file: string; css?: string[]; isEntry?: boolean }>;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), "xy-site-"));
    // The StaticSite's own build command, run as SST runs it (in site/), into a folder of its own;
    // not execSync, which would block the worker past vitest's 60 s answer time on a loaded machine.
    await promisify(exec)(`${SITE_BUILD} --out-dir=${out}`, { cwd: join(root, "site"), env: process.env, maxBuffer: 64 * 1024 * 1024 });
    manifest = JSON.parse(readFileSync(join(out, ".vite/manifest.json"), "utf8"));
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const entry = () => manifest["index.html"]!;

  test("emits hashed script and stylesheet and a manifest naming them", () => {
    expect(entry().isEntry).toBe(true);
    expect(entry().file).toMatch(/^assets\/index-[\w-]{8}\.js$/);
    expect(entry().css).toEqual([expect.stringMatching(/^assets\/index-[\w-]{8}\.css$/)]);
    for (const file of [entry().file, ...entry().css!]) expect(existsSync(join(out, file)), file).toBe(true);
    // Every script and stylesheet is hashed under assets/, but for the two stable names.
    const code = filesUnder(out).filter((f) => /\.(js|css)$/.test(f));
    expect(code.filter((f) => !f.startsWith("assets/")).sort()).toEqual(["app.css", "app.js"]);
  });

  test("index.html (at the domain's root, --base=/) links the manifest's hashed files", () => {
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).toContain(`src="/${entry().file}"`);
    expect(html).toContain(`href="/${entry().css![0]}"`);
    expect(html).not.toMatch(/\/app\.(js|css)"/);
  });

  test("every uploaded file gets the right Cache-Control", () => {
    for (const file of filesUnder(out)) {
      const cc = cacheControlOf(file);
      if (file.startsWith("assets/")) expect(immutable(cc), `${file}: ${cc}`).toBe(true);
      else expect(revalidated(cc), `${file}: ${cc}`).toBe(true);
    }
  });

  test("the content Lambda's detail page reaches the hashed files through the stable entry", () => {
    const config = { branchname: "享域", mainColor: "#950101", secondColor: "#ae0026", indexLogo: "", pageLogo: "" } as unknown as PublicWebsiteConfig;
    const article = {
      id: 1,
      typeId: 1302,
      infoTitle: "标题",
      infoPicture: "",
      content: "<p>正文</p>",
      publishtime: "2026-01-02 03:04:05",
      addtime: "",
    } as unknown as PublicArticle;
    const page = articlePage({ base: "/", origin: "https://site.example", portal: "t", config, menus: [] }, 1302, article);
    const script = /<script type="module" src="([^"]+)"><\/script>/.exec(page)?.[1];
    const style = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1];
    expect([script, style]).toEqual(["/app.js", "/app.css"]);
    // Nothing in the page depends on one build: a copy the CDN or a browser still holds after a
    // deploy (which deletes the previous build's files) links files that exist.
    expect(page).not.toContain("assets/");
    for (const file of [script!, style!]) expect(revalidated(cacheControlOf(file.slice(1))), file).toBe(true);

    // app.js imports the manifest's entry, by a path relative to itself (the same file works under /site/).
    const loader = readFileSync(join(out, "app.js"), "utf8");
    const imported = /^import "([^"]+)";\s*$/.exec(loader)?.[1];
    expect(imported).toBe(`./${entry().file}`);
    expect(new URL(imported!, `https://site.example${script}`).pathname).toBe(`/${entry().file}`);
    expect(new URL(imported!, "http://127.0.0.1:3000/site/app.js").pathname).toBe(`/site/${entry().file}`);
    // app.css is the manifest's stylesheet itself: a reader without JavaScript needs no second request.
    expect(readFileSync(join(out, "app.css"), "utf8")).toBe(readFileSync(join(out, entry().css![0]!), "utf8"));
  });

  test("npm start's gateway serves it with the same Cache-Control as the bucket", async () => {
    const port = await freePort();
    const server = await startGateway({ port, webDir: join(out, "no-console"), siteDir: out });
    try {
      const at = async (path: string) => {
        const r = await fetch(`http://127.0.0.1:${port}${path}`);
        await r.arrayBuffer();
        return { status: r.status, cacheControl: r.headers.get("cache-control") ?? undefined };
      };
      // The pages are the content Lambda's (sitePages.test.ts); the files are the bucket's.
      for (const path of ["/site/app.js", "/site/app.css"]) {
        const r = await at(path);
        expect([r.status, revalidated(r.cacheControl)], path).toEqual([200, true]);
      }
      for (const file of [entry().file, entry().css![0]!]) {
        const r = await at(`/site/${file}`);
        expect([r.status, immutable(r.cacheControl)], file).toEqual([200, true]);
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
