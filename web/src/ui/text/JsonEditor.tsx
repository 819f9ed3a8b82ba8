import { useId } from "react";
import { toast } from "../../lib/toast.ts";
import { Button } from "../Button.tsx";
import { confirm } from "../dialogs/Confirm.tsx";
import { useFieldId } from "../form/Field.tsx";

/**
 * A JSON text field with the spec's checker: '检查' reformats valid JSON with tab indent and says
 * 'JSON数据正确。'; empty says '没有JSON数据'; invalid says 'JSON数据有误，请检查。'. An example can be
 * imported; over existing data it asks first.
 */
const JSON_OK = "JSON数据正确。";
const JSON_EMPTY = "没有JSON数据";
const JSON_BAD = "JSON数据有误，请检查。";

/** The checker alone: the reformatted text, or why there is none. */
export function checkJson(text: string): { ok: true; text: string } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: JSON_EMPTY };
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text), null, "\t") };
  } catch {
    return { ok: false, message: JSON_BAD };
  }
}

type Props = { value: string; onChange: (text: string) => void; onBlur?: () => void; error?: string; example?: string; rows?: number; name?: string };

export function JsonEditor({ value, onChange, onBlur, error, example, rows = 12, name }: Props) {
  const own = useId();
  const id = useFieldId() ?? own;

  function check() {
    const r = checkJson(value);
    if (r.ok) {
      onChange(r.text);
      toast.success(JSON_OK);
    } else if (r.message === JSON_EMPTY) toast.warning(r.message);
    else toast.error(r.message);
  }

  async function importExample() {
    if (!example) return;
    if (value.trim() && !(await confirm({ title: "导入示例", message: "导入示例将覆盖现有的JSON数据，确定导入吗？" }))) return;
    const r = checkJson(example);
    onChange(r.ok ? r.text : example);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <textarea
        id={id}
        name={name}
        rows={rows}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        style={{ tabSize: 2 }}
        className="w-full rounded border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800 outline-none focus:border-blue-500 focus:bg-white aria-invalid:border-red-400"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={check}>
          检查
        </Button>
        {example && (
          <Button size="sm" onClick={importExample}>
            导入示例
          </Button>
        )}
      </div>
    </div>
  );
}
