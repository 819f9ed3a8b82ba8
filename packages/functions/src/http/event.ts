import { randomUUID } from "node:crypto";

/** Builds the API Gateway (HTTP API, payload 2.0) event a Lambda receives, from a plain request. */
export function apiEvent(req: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body?: Buffer; ip?: string; routeKey?: string }) {
  const u = new URL(req.url, "http://localhost");
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(",") : v;
  const cookies = headers.cookie ? headers.cookie.split(/;\s*/) : undefined;
  const query: Record<string, string> = {};
  u.searchParams.forEach((v, k) => (query[k] = query[k] !== undefined ? `${query[k]},${v}` : v));
  const body = req.body && req.body.length ? req.body : undefined;
  return {
    version: "2.0",
    routeKey: req.routeKey ?? "$default",
    rawPath: u.pathname,
    rawQueryString: u.search.replace(/^\?/, ""),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: { method: req.method, path: u.pathname, protocol: "HTTP/1.1", sourceIp: req.ip ?? "127.0.0.1", userAgent: headers["user-agent"] ?? "" },
      requestId: randomUUID(),
      routeKey: req.routeKey ?? "$default",
      stage: "$default",
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: body ? body.toString("base64") : undefined,
    isBase64Encoded: !!body,
  };
}

/** The parts of an API Gateway v2 event the areas read. */
export type ApiEvent = {
  rawPath?: string;
  rawQueryString?: string;
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  requestContext?: { requestId?: string; http?: { method?: string; sourceIp?: string } };
};

export type LambdaResult = {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
};
