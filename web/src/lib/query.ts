import { QueryClient } from "@tanstack/react-query";
import { toastFailure, type FALLBACK } from "./toast.ts";
import type { Envelope } from "./api.ts";

/**
 * TanStack Query speaks exceptions, the API speaks envelopes: `unwrap` turns a failed envelope into
 * an EnvelopeError (after showing its desc as the spec's error toast), so queries fail and retry
 * rules can tell a refusal from a network glitch.
 */
export class EnvelopeError extends Error {
  constructor(
    readonly code: string,
    readonly desc: string,
  ) {
    super(desc || `code ${code}`);
    this.name = "EnvelopeError";
  }
}

/** 401 and 403 are handled by the frame (login page, /noRight): no toast for them. */
const handledByFrame = (code: string) => code === "401" || code === "403";

/** The reply itself when it succeeded; otherwise toasts desc (or the fallback of `kind`) and throws. */
export async function unwrap<T extends Envelope>(reply: T | Promise<T>, kind: keyof typeof FALLBACK = "view"): Promise<T> {
  const r = await reply;
  if (r.code === "200") return r;
  if (!handledByFrame(r.code)) toastFailure(r.desc, kind);
  throw new EnvelopeError(r.code, r.desc);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed envelope was already shown to the user (R006); retrying would only repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
