import { splitPictures } from "@xiangyu/core/content/rules";
import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import type { Column } from "../../ui/table/columns.ts";
import type { Information } from "./contentQueries.ts";

/** The information list's columns; activity adds the start and end columns (R516). */
export function informationColumns({
  infoType,
  rights,
  typeName,
  areaName,
  onEdit,
  onToggle,
  onRemove,
}: {
  infoType: string;
  rights: Rights;
  typeName: (t: string) => string;
  areaName: (code: string) => string;
  onEdit: (a: Information) => void;
  onToggle: (a: Information) => Promise<boolean>;
  onRemove: (a: Information) => void;
}): Column<Information>[] {
  return [
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
        <Button size="sm" variant="link" onClick={() => onEdit(a)} aria-label={`编辑：${a.infoTitle}`}>
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
      cell: (a) => <ConfirmSwitch value={a.idisplay} allowed={rights.p} label={`启用：${a.infoTitle}`} onChange={() => onToggle(a)} />,
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
          <Button size="sm" variant="link" onClick={() => onEdit(a)}>
            {rights.e ? "编辑" : "查看"}
          </Button>
          {rights.d && (
            <Button size="sm" variant="link" className="text-red-600!" onClick={() => onRemove(a)}>
              删除
            </Button>
          )}
        </div>
      ),
    },
  ];
}
