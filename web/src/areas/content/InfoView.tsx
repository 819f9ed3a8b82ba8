import { useQuery } from "@tanstack/react-query";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { contentQueries } from "./contentQueries.ts";
import { InformationEditor, informationValues } from "./InformationForm.tsx";

/**
 * /infoview (单页信息, R526–R527): one article per function. The screen asks which article belongs
 * to the function (loadManageByFunctionId → data.id), reads it, and shows the form with one Save
 * (right A; a function without its article yet starts an empty one).
 */
export default function InfoView() {
  const api = useApi();
  const { functionId, rights } = useScreen();
  const manage = useQuery({ ...contentQueries.manage(api, functionId), select: (r) => r.data ?? null });
  const id = manage.data?.id;
  const record = useQuery({ ...contentQueries.view(api, id ?? 0), select: (r) => r.data, enabled: !!id, gcTime: 0 });
  if (manage.isPending || (id && record.isPending)) return <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>;
  if (manage.isError || record.isError) return <p className="py-10 text-center text-sm text-red-600">读取信息出错</p>;
  return (
    <div className="rounded-lg bg-white p-6 shadow-sm">
      {/* One Save, with A (R526), whether the article exists yet or not. */}
      <InformationEditor key={id ?? "new"} initial={informationValues(record.data, "intro")} mayWrite={rights.a} onClose={() => void manage.refetch()} />
    </div>
  );
}
