import { ApiClient, type Credentials } from "../lib/api.ts";

/**
 * The member H5's API client: the route table's typed `call`, with the member's bearer token (a
 * token of the member audience: it opens member routes only) and the tenant it signed in to.
 */
const TOKEN_KEY = "xy.member.token";
const OPENID_KEY = "xy.member.sandboxOpenid";
/** Raised when the member's token is refused: the app shows the sign-in again. */
export const MEMBER_SIGNED_OUT = "xy:member-signed-out";

export const memberSession = {
  get token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  set token(t: string | null) {
    if (t) localStorage.setItem(TOKEN_KEY, t);
    else localStorage.removeItem(TOKEN_KEY);
  },
  /** The sandbox's WeChat identity of this browser (`XY_SANDBOX=1` stages only), kept so a member signs in as the same person again. */
  sandboxOpenid(): string {
    let id = localStorage.getItem(OPENID_KEY);
    if (!id) {
      id = `h5${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
      localStorage.setItem(OPENID_KEY, id);
    }
    return id;
  },
};

const MEMBER: Credentials = {
  headers(): Record<string, string> {
    const token = memberSession.token;
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
  expired() {
    memberSession.token = null;
    window.dispatchEvent(new CustomEvent(MEMBER_SIGNED_OUT));
  },
  refused() {
    window.dispatchEvent(new CustomEvent(MEMBER_SIGNED_OUT));
  },
};

export const memberApi = new ApiClient(undefined, MEMBER);
