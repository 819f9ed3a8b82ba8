import { useCallback, useMemo, useState } from "react";
import { succeeded } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { yesNo } from "./productTypes.ts";
import { TYPE_LIST, useDeleteProductTypes, type ProductType } from "./productQueries.ts";
import { ProductTypeForm } from "./ProductTypeForm.tsx";

/**
 * Product type management (the product list's 产品类型管理, right R; 800 wide): every type without
 * paging (R359), add / edit / delete by A / E / D. A type with products (hasDelete = 1) cannot be
 * deleted (R363): its delete button is off and says why. The shared list, without paging and
 * with its state in memory (a dialog over the product list).
 */
export const TYPE_IN_USE = "该类型已被使用，不能删除";

export function ProductTypes({ onClose }: { onClose: () => void }) {
  const { mutateAsync: deleteTypes } = useDeleteProductTypes();
  const [editing, setEditing] = useState<{ type?: ProductType } | null>(null);

  const remove = useCallback(
    async (t: ProductType) => {
      if (!(await confirmDelete(`确定删除产品类型「${t.typeName}」吗？删除后不可恢复。`))) return;
      await succeeded(deleteTypes({ ids: String(t.id) }));
    },
    [deleteTypes],
  );

  const columns = useMemo<Column<ProductType>[]>(
    () => [
      { id: "typeName", header: "类型名称" },
      { id: "contractType", header: "合同类型", nowrap: true },
      { id: "productUnit", header: "产品单位", nowrap: true, align: "center" },
      { id: "hasAccount", header: "会员账号", nowrap: true, align: "center", text: (t) => yesNo(t.hasAccount) },
      { id: "hasRci", header: "RCI账号", nowrap: true, align: "center", text: (t) => yesNo(t.hasRci) },
      { id: "hasMemberLevel", header: "会员等级", nowrap: true, align: "center", text: (t) => yesNo(t.hasMemberLevel) },
      {
        id: "actions",
        header: "操作",
        nowrap: true,
        hideable: false,
        exported: false,
        cell: (t) => (
          <RowActions name={t.typeName} onEdit={() => setEditing({ type: t })} onDelete={() => void remove(t)} deleteBlocked={t.hasDelete === 1 ? TYPE_IN_USE : undefined} />
        ),
      },
    ],
    [remove],
  );

  return (
    <Modal open width={800} title="产品类型管理" onClose={onClose}>
      <ListScreen
        local
        paged={false}
        route={TYPE_LIST}
        tableId="product-types"
        exportName="产品类型"
        columns={columns}
        maxHeight="min(28rem, calc(100vh - 16rem))"
        toolbar={() => (
          <>
            <AddButton onClick={() => setEditing({})}>新增类型</AddButton>
            <span className="text-xs text-slate-400">已有产品的类型不能删除。</span>
          </>
        )}
      />
      {editing && <ProductTypeForm type={editing.type} onClose={() => setEditing(null)} />}
    </Modal>
  );
}
