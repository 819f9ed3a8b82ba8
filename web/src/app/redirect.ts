/**
 * Where to go after logging in: the in-app location the user was sent away from. Only a path of this
 * console is accepted (no scheme, no `//host`), and never the login page itself.
 */
export const HOME = "/homepage";

export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return HOME;
  const path = target.split("?")[0].toLowerCase();
  if (path === "/login" || path === "/") return HOME;
  return target;
}
