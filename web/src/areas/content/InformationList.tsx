import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { AddButton, DeleteSelected, ToggleSelected } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { useFilter, FilterItem } from "../../ui/list/FilterBar.tsx";
import { OrgCascader, useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { INFO_DELETE, INFO_PASSED, INFO_STALE, useDeleteInformation, useToggleInformation, type Information } from "./contentQueries.ts";
import { INFO_LIST_SPEC } from "./contentLists.ts";
import { InformationForm } from "./InformationForm.tsx";
import { informationColumns } from "./informationColumns.tsx";

/**
 * /information (信息发布, 新闻资讯, 活动资讯; R515–R517): the function's articles in list order,
 * filtered by info area and searched by title, label or category (source). URL infoType presets
 * the type; activity adds the start and end columns (R516). The title opens the fullscreen editor.
 */
function AreaFilter() {
  const [value, set] = useFilter("orgCode");
  return (
    <FilterItem label="区域">
      <OrgCascader orgType="infoarea" value={value} onChange={(code) => set(code)} allLabel="全部" label="区域" />
    </FilterItem>
  );
}

export default function InformationList() {
  const { params, rights } = useScreen();
  const infoType = params.infoType ?? "";
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const { data: types = [] } = useStyleParams("infoType");
  const typeName = useCallback((t: string) => types.find((o) => String(o.value) === t)?.label ?? t, [types]);
  const areaName = useOrgName("infoarea");
  const toggleOne = useToggleInformation();
  const deleteOne = useDeleteInformation();

  const remove = useCallback(
    async (a: Information) => {
      if (!(await confirmDelete(`确定删除信息「${a.infoTitle}」吗？删除后不可恢复。`))) return;
      await succeeded(deleteOne.mutateAsync({ ids: String(a.id) }));
    },
    [deleteOne],
  );

  const columns = useMemo(
    () =>
      informationColumns({
        infoType,
        rights,
        typeName,
        areaName,
        onEdit: (a) => setEditing({ id: a.id }),
        onToggle: (a) => succeeded(toggleOne.mutateAsync({ ids: String(a.id) })),
        onRemove: (a) => void remove(a),
      }),
    [infoType, rights, typeName, areaName, toggleOne, remove],
  );

  return (
    <ListScreen
      tableId={`information-${infoType || "all"}`}
      spec={INFO_LIST_SPEC}
      columns={columns}
      filters={<AreaFilter />}
      keyword={{ placeholder: "标题、标签或分类" }}
      selectable={rights.d || rights.p}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增信息</AddButton>
          <ToggleSelected ctx={ctx} route={INFO_PASSED} invalidates={INFO_STALE} />
          <DeleteSelected ctx={ctx} route={INFO_DELETE} invalidates={INFO_STALE} />
        </>
      )}
    >
      {() => <>{editing && <InformationForm id={editing.id} infoType={infoType} onClose={() => setEditing(null)} />}</>}
    </ListScreen>
  );
}
