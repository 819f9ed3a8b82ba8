import { Button } from "../Button.tsx";

/** Rows of the skeleton shown while the first page loads. */
export const SKELETON_ROWS = 8;
/** Widths of the skeleton bars, varied so it reads as text. */
const BAR = ["w-3/4", "w-1/2", "w-2/3", "w-5/6"];

/** The table's body when the read failed: the message, and 重试 when the caller can read again. */
export function ErrorRow({ span, error, onRetry }: { span: number; error: string; onRetry?: () => void }) {
  return (
    <tr>
      <td colSpan={span} className="px-3 py-10 text-center text-red-600">
        <span role="alert">{error}</span>
        {onRetry && (
          <Button size="sm" className="ml-3" onClick={onRetry}>
            重试
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The table's body while the first page loads: grey bars in the real columns, so the page does not jump when the rows arrive; the notice is read out once. */
export function SkeletonRows({
  columnIds,
  selectable,
  held,
  heldBox,
}: {
  columnIds: string[];
  selectable?: boolean;
  held: (id: string, head: boolean) => string;
  heldBox: (head: boolean) => string;
}) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <tr key={i} data-skeleton className="border-b border-slate-100">
      {selectable && <td className={`px-3 py-2.5 ${heldBox(false)}`} />}
      {columnIds.map((id, j) => (
        <td key={id} className={`px-3 py-2.5 ${held(id, false)}`}>
          {/* The notice is read out once; the bars are decoration. */}
          {i === 0 && j === 0 && (
            <span role="status" className="sr-only">
              正在读取数据…
            </span>
          )}
          <span aria-hidden className={`block h-3.5 animate-pulse rounded bg-slate-200/80 ${BAR[(i + j) % BAR.length]}`} />
        </td>
      ))}
    </tr>
  ));
}

/** The table's body when there are no rows. */
export function EmptyRow({ span, text }: { span: number; text: string }) {
  return (
    <tr>
      <td colSpan={span} className="px-3 py-10 text-center text-slate-400">
        {text}
      </td>
    </tr>
  );
}
