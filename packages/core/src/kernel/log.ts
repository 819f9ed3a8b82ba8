import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The Lambdas' own log lines: one JSON object per line, so CloudWatch Logs Insights and metric
 * filters can select on `level`, `requestId`, `route` and `tenant` (`{ $.level = "error" }`)
 * instead of matching text. Nothing else in Lambda code writes to the console.
 */
export type LogLevel = "error" | "warn" | "info";
export type LogFields = Record<string, unknown>;

/**
 * What every line of one request carries: set by the HTTP adapter around the request, so a line
 * written deep in core (an operation log entry not written, a refused sign-in) still names its
 * request without each service being handed it. The adapter fills in `tenant` once it knows the caller.
 */
export type LogScope = { requestId: string; route: string; tenant: string | null };
const scope = new AsyncLocalStorage<LogScope>();

/** The request being served (its scope object), if any: the small DynamoDB client joins one request's reads (dynamoLite/pointReads.ts). */
export const currentRequest = (): object | undefined => scope.getStore();

/** Runs `fn` with `fields` on every line it (and whatever it starts) logs. */
export const withLogScope = <T>(fields: LogScope, fn: () => T): T => scope.run(fields, fn);

/** An error as a log field: its stack when it has one (where it was thrown), else its text. */
export const errorText = (e: unknown): string => String((e as Error | undefined)?.stack ?? e);

/** Writes one line: the level, the request's scope when inside one, then the fields (which win). */
export function logLine(level: LogLevel, fields: LogFields): void {
  const line = JSON.stringify({ level, ...scope.getStore(), ...fields });
  // The console method only sets the Lambda log's own level column; the line says it too.
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
