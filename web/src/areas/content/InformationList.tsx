import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmSwitch } from "../../ui/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected, ToggleSelected } from "../../ui/ListActions.tsx";
import { confirmDelete } from "../../ui/actions.ts";
import type { Column } from "../../ui/columns.ts";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { useFilter, FilterItem } from "../../ui/FilterBar.tsx";
import { OrgCascader, useOrgName } from "../../ui/OrgCascader.tsx";
import { splitPictures } from "@xiangyu/core/content/rules";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { INFO_DELETE, INFO_PASSED, INFO_STALE, useDeleteInformation, useToggleInformation, type Information } from "./contentQueries.ts";
import { INFO_LIST_SPEC } from "./contentLists.ts";
import { InformationForm } from "./InformationForm.tsx";

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

  const columns = useMemo<Column<Information>[]>(
    () => [
      { id: "infoType", header: "类型", nowrap: true, text: (a) => typeName(a.infoType) },
      { id: "label", header: "分类/标签", nowrap: true, text: (a) => [a.orgCode ? areaName(a.orgCode) : "", a.label].filter(Boolean).join(" / ") || "-" },
      {
        id: "infoPicture",
        header: "图片",
        exported: false,
        cell: (a) => {
          const first = splitPictures(a.infoPicture)[0];
          return first ? <img src={first} alt="" className="h-10 w-16 rounded object-cover" /> : <span className="text-slate-400">无</span>;
        },
      },
      {
        id: "infoTitle",
        header: "标题",
        cell: (a) => (
          <Button size="sm" variant="link" onClick={() => setEditing({ id: a.id })} aria-label={`编辑：${a.infoTitle}`}>
            {a.infoTitle}
          </Button>
        ),
        text: (a) => a.infoTitle,
      },
      ...(infoType === "activity"
        ? [
            { id: "starttime", header: "开始时间", nowrap: true },
            { id: "endtime", header: "结束时间", nowrap: true },
          ]
        : []),
      { id: "publishtime", header: "发布时间", nowrap: true, text: (a) => a.publishtime || a.addtime },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        cell: (a) => (
          <ConfirmSwitch value={a.idisplay} allowed={rights.p} label={`启用：${a.infoTitle}`} onChange={() => succeeded(toggleOne.mutateAsync({ ids: String(a.id) }))} />
        ),
        text: (a) => (a.idisplay === 1 ? "启用" : "禁用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (a) => (
          <div className="flex gap-1">
            <Button size="sm" variant="link" onClick={() => setEditing({ id: a.id })}>
              {rights.e ? "编辑" : "查看"}
            </Button>
            {rights.d && (
              <Button size="sm" variant="link" className="text-red-600!" onClick={() => void remove(a)}>
                删除
              </Button>
            )}
          </div>
        ),
      },
    ],
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
