/**
 * A code the system stores (a grant type, a module code, a template field) shown to staff as its
 * Chinese name, the code itself in the tooltip for those who configure clients by it. A code the
 * lookup does not know is shown as it is. `codeName` is the same name for an export or a title.
 */
export const codeName = (names: Readonly<Record<string, string>>, code: string | null | undefined): string => (code ? (names[code] ?? code) : "");

export function CodeLabel({ names, code }: { names: Readonly<Record<string, string>>; code: string | null | undefined }) {
  if (!code) return null;
  const name = names[code];
  return name ? <span title={`代码：${code}`}>{name}</span> : <span>{code}</span>;
}
