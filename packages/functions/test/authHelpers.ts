import { invoke } from "../src/http/invoke.ts";

/** A password sign-in as it arrives from one address (the harness's requests all come from 127.0.0.1). */
export async function loginFrom(
  t: { clientId: string; clientSecret: string },
  ip: string,
  username: string,
  password: string,
): Promise<{ code: string; desc: string; data?: { access_token: string; expires_in: number } }> {
  const form = { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret, username, password, scope: "all" };
  const r = await invoke({
    method: "POST",
    url: "/gateway/oauth/login",
    headers: { host: "localhost", "content-type": "application/x-www-form-urlencoded" },
    body: Buffer.from(new URLSearchParams(form).toString()),
    ip,
  });
  return JSON.parse(Buffer.from(r!.body!, r!.isBase64Encoded ? "base64" : "utf8").toString("utf8"));
}

/** Counts the answers' messages. */
export const tally = (replies: Array<{ desc: string }>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const r of replies) out[r.desc] = (out[r.desc] ?? 0) + 1;
  return out;
};

let ipSeq = 0;
/** A fresh address per test, so the per-address limit of one test never meets another's. */
export const freshIp = () => `10.77.${Math.floor(Math.random() * 200)}.${++ipSeq}`;
