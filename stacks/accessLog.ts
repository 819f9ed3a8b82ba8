/**
 * The API's access log line: one JSON object per request, so CloudWatch Logs Insights can filter
 * and aggregate on fields (`filter status >= 500 | stats count() by routeKey`). No header or
 * body is logged — the Authorization header never reaches a log.
 */
const ACCESS_LOG_FIELDS: Record<string, string> = {
  requestId: "$context.requestId",
  apiId: "$context.apiId",
  time: "$context.requestTime",
  ip: "$context.identity.sourceIp",
  method: "$context.httpMethod",
  routeKey: "$context.routeKey",
  path: "$context.path",
  status: "$context.status",
  protocol: "$context.protocol",
  responseLength: "$context.responseLength",
  responseLatency: "$context.responseLatency",
  integrationLatency: "$context.integrationLatency",
  integrationStatus: "$context.integrationStatus",
  integrationError: "$context.integrationErrorMessage",
  userAgent: "$context.identity.userAgent",
};

export const accessLogFormat = () => JSON.stringify(ACCESS_LOG_FIELDS);
