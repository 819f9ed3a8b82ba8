import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterItem, useFilter } from "../../ui/list/FilterBar.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { GOODS_LIST, STALE_AFTER, useDeleteGoods, usePassGoods, type Goods } from "./goodsQueries.ts";
import { goodsTypeName, priceText } from "./goodsTypes.ts";
import { GoodsForm } from "./GoodsForm.tsx";
import { SpecModal } from "./SpecModal.tsx";

/**
 * /{product}/goods (商品列表, R405): goods by sort order (lower first, R403), filtered by the goods
 * class (the goodsclass tree, docs/gaps.md §9) and name. Add (A), batch delete (D), edit (E), the spec
 * modal, and the shelf switch (P) after a confirmation.
 */
const FILTERS = ["goodsClass"];

function ClassFilter() {
  const [value, set] = useFilter("goodsClass");
  return (
    <FilterItem label="商品分类">
      <OrgCascader value={value} onChange={(code) => set(code)} orgType="goodsclass" allLabel="全部" label="商品分类" />
    </FilterItem>
  );
}

export default function GoodsList() {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [specOf, setSpecOf] = useState<number | null>(null);
  const pass = usePassGoods();
  const del = useDeleteGoods();

  async function remove(g: Goods) {
    if (!(await confirmDelete(`确定删除商品「${g.goodsName}」吗？删除后不可恢复。`))) return;
    await succeeded(del.mutateAsync({ ids: String(g.id) }));
  }

  const columns: Column<Goods>[] = [
    {
      id: "pictureTitle",
      header: "图片",
      exported: false,
      cell: (g) => (g.pictureTitle ? <img src={g.pictureTitle} alt="" className="h-10 w-10 rounded object-cover" /> : null),
    },
    { id: "goodsName", header: "商品名称" },
    { id: "goodsType", header: "商品性质", nowrap: true, text: (g) => goodsTypeName(g.goodsType) },
    { id: "goodsClassName", header: "商品分类", nowrap: true },
    { id: "price", header: "价格", nowrap: true, align: "right", text: (g) => priceText(g.price) },
    { id: "goodsCount", header: "库存", nowrap: true, align: "right" },
    { id: "specCount", header: "规格数", nowrap: true, align: "right" },
    { id: "sortOrder", header: "排序", nowrap: true, align: "right" },
    {
      id: "status",
      header: "上架",
      align: "center",
      exported: false,
      cell: (g) => (
        <ConfirmSwitch
          value={g.status ?? 0}
          allowed={rights.p}
          label={`上架：${g.goodsName}`}
          question={(on) => (on ? "确定要上架该商品吗？" : "确定要下架该商品吗？")}
          onChange={(next) => succeeded(pass.mutateAsync({ id: g.id, status: next }))}
        />
      ),
      text: (g) => (g.status === 1 ? "上架" : "下架"),
    },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (g) => (
        <RowActions name={g.goodsName} onEdit={() => setEditing({ id: g.id })} onDelete={() => void remove(g)}>
          <Button size="sm" variant="link" aria-label={`规格：${g.goodsName}`} onClick={() => setSpecOf(g.id)}>
            规格
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <ListScreen
      tableId="goods"
      route={GOODS_LIST}
      columns={columns}
      filterKeys={FILTERS}
      filters={<ClassFilter />}
      keyword={{ placeholder: "商品名称" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增商品</AddButton>
          <DeleteSelected ctx={ctx} route="POST /goods/api/goods/delete" invalidates={STALE_AFTER.goods} />
        </>
      )}
    >
      {() => (
        <>
          {editing && <GoodsForm id={editing.id} onClose={() => setEditing(null)} />}
          {specOf !== null && <SpecModal id={specOf} onClose={() => setSpecOf(null)} />}
        </>
      )}
    </ListScreen>
  );
}
