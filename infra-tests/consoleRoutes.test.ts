import { describe, expect, test } from "vitest";
import { SPA_FALLBACK } from "../stacks/Web.ts";

/** The console's and the member H5's client routes (CloudFront Function on the console's default behaviour). */
describe("console and member H5 pages", () => {
  const handler = new Function(`${SPA_FALLBACK}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
  const uriFor = (uri: string) => handler({ request: { uri } }).uri;

  test("answers console paths with the console's page and /m/ paths with the member H5's", () => {
    for (const path of ["/", "/login", "/hotels/list"]) expect(uriFor(path), path).toBe("/index.html");
    for (const path of ["/m", "/m/", "/m/hotels"]) expect(uriFor(path), path).toBe("/m/index.html");
    // A console path that merely starts with the letter m stays the console's.
    expect(uriFor("/menu")).toBe("/index.html");
  });

  test("leaves files as they are", () => {
    for (const path of ["/index.html", "/m/index.html", "/assets/member-abc.js", "/favicon.ico"]) expect(uriFor(path), path).toBe(path);
  });
});
