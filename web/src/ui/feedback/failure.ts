import type { Envelope } from "../../lib/api.ts";
import { EnvelopeError } from "../../lib/query.ts";
import { FALLBACK } from "../../lib/toast.ts";

/** The text to show in place of data that could not be read: the reply's desc, or the spec's fallback. */
export function failureText(e: unknown, kind: keyof typeof FALLBACK): string {
  if (e instanceof EnvelopeError) return e.desc || FALLBACK[kind];
  return (e as Error)?.message || FALLBACK[kind];
}

/** The API client reports a network failure as code 500 '读取接口出错：…' (R012); the server never says that. */
export const isTransportFailure = (r: Pick<Envelope, "code" | "desc">) => r.code === "500" && (!r.desc || r.desc.startsWith("读取接口出错"));

/** 401 and 403 are the frame's to handle (login page, /noRight): screens stay quiet about them. */
export const handledByFrame = (r: Pick<Envelope, "code">) => r.code === "401" || r.code === "403";
