import { ProfitShareJob } from "./entities.ts";
import { txPut, type TxItem } from "../../kernel/tx.ts";
import { formatDateTime, nowMs } from "../../kernel/clock.ts";
import { queueOf } from "../../kernel/queue.ts";
import type { AccountType } from "../priceRules.ts";

/**
 * The profit-sharing port: how a record reaches the payment provider and how its result comes
 * back. `submit` returns the transaction items that hand the request over (so it is handed over
 * exactly when the record moves to "in progress"); the provider answers later, asynchronously,
 * through `profitSharingResult` (records.ts), which ignores an answer it has already applied.
 *
 * The adapter here is the sandbox, like the refund port (orders/payments.ts): a request is a queue
 * item; the job `profitSharing` plays the provider and answers after SANDBOX_DELAY_MS (seconds;
 * the spec allows the real one 5 minutes, R257). Its answer is deterministic: `sandboxRule`
 * (replaceable by tests) fails a channel receiver's first attempt with 分账接收方账户异常 and passes
 * everything else, so one payment shows success, failure and a successful re-request on one machine.
 * A real adapter would send the request in the job and answer from the provider's callback.
 */
export type ShareRequest = { tenantId: string; recordId: number; attempt: number; accountType: AccountType | string; account: string; fen: number };
export type ShareAnswer = { ok: true } | { ok: false; failReason: string };

export const SANDBOX_DELAY_MS = 2_000;
export const QUEUE = "profitSharing";

export type SandboxRule = (r: ShareRequest) => ShareAnswer;
export const defaultSandboxRule: SandboxRule = (r) => (r.accountType === "channelAmount" && r.attempt === 1 ? { ok: false, failReason: "分账接收方账户异常" } : { ok: true });
let rule: SandboxRule = defaultSandboxRule;
/** Tests choose the sandbox's answers. */
export const setSandboxRule = (r: SandboxRule | null): void => {
  rule = r ?? defaultSandboxRule;
};
export const sandboxAnswer = (r: ShareRequest): ShareAnswer => rule(r);

const queued = (tenantId: string, recordId: number, attempt: number, kind: "submit" | "answer", delayMs: number) =>
  txPut(ProfitShareJob.create({ queue: queueOf(QUEUE, tenantId), dueAt: formatDateTime(nowMs() + delayMs), tenantId, recordId, attempt, kind }));

/** A record is to be (re)submitted: due at once, the job sends it. */
export const submitItem = (tenantId: string, recordId: number, attempt: number): TxItem => queued(tenantId, recordId, attempt, "submit", 0);

/** The sandbox provider receives a request: it will answer after its delay. */
export const sandboxReceive = (r: ShareRequest): TxItem => queued(r.tenantId, r.recordId, r.attempt, "answer", SANDBOX_DELAY_MS);
