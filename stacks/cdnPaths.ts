import { splitKey } from "@xiangyu/functions/http/define";

/** CloudFront allows 25 cache behaviors per distribution; one is the console's default. */
const MAX_PATTERNS = 24;

/**
 * The CloudFront path patterns that send API routes to API Gateway instead of the console's
 * bucket, derived from the route keys: each route is reduced to its leading segments up to the
 * first literal one ("/gateway/api/x" → "/gateway/*", "/{product}/api/goods/list" →
 * "/*\/api/*", "/upload" → "/upload"), so a new route under a known prefix needs nothing.
 */
export function apiPathPatterns(routeKeys: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const key of routeKeys) {
    const segments = splitKey(key).path.split("/").filter(Boolean);
    const literalAt = segments.findIndex((s) => !s.startsWith("{"));
    if (literalAt < 0) throw new Error(`route ${key} has no literal segment; CloudFront could not tell it from a console page`);
    const head = segments.slice(0, literalAt + 1).map((s) => (s.startsWith("{") ? "*" : s));
    patterns.add(`/${head.join("/")}${segments.length > literalAt + 1 ? "/*" : ""}`);
  }
  if (patterns.size > MAX_PATTERNS) throw new Error(`${patterns.size} API path patterns exceed CloudFront's ${MAX_PATTERNS}`);
  return [...patterns].sort();
}
