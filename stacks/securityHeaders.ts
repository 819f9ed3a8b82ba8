/**
 * The security headers of every console, website and API reply, as plain data: CloudFront's
 * response-headers policies (stacks/cdn.ts) and the local gateway
 * (packages/local/src/twin/gateway.ts) both read them, so one machine answers like the cloud.
 */

/**
 * The console's page (web/vite.config.ts writes the same policy into index.html as a meta tag,
 * for any host that serves the files without these headers): scripts from its own origin only,
 * plus 'wasm-unsafe-eval' for the uploader's WebAssembly hashing (no script text is allowed).
 * `frame-ancestors` only works as a header: no other site may frame the console (clickjacking).
 * No connect-src/img-src limit: the browser PUTs to and reads from the uploads bucket's own
 * presigned URLs, whose host differs per stage.
 */
export const CONSOLE_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The public website: its own scripts, nothing framed, nothing embedded. */
export const WEBSITE_CSP = "script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** API replies are data, never a document: nothing may load from or frame one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** Two years, subdomains included: sent by CloudFront only (one machine speaks plain HTTP). */
export const HSTS_MAX_AGE_S = 2 * 365 * 24 * 3600;

/** The headers the local gateway sets, by what is answered. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": REFERRER_POLICY,
    "x-frame-options": "DENY",
  };
}
