/**
 * Whether an Accept-Encoding header takes `coding` (a weight of 0 refuses it): one reading for the
 * OpenAPI document's stored Brotli (openapi/serve.ts) and the local gateway's compression
 * (packages/local twin/transfer.ts), as CloudFront reads it.
 */
export const acceptsCoding = (header: string | undefined, coding: string): boolean =>
  (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return name === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
