import { yuanText } from "../../ui/text/money.ts";
import { useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { GENERAL_SHOP, yesNo } from "./productTypes.ts";
import { PRODUCT_LIST, STALE_AFTER, useDeleteProducts, useProductTypes, useToggleProduct, type Product } from "./productQueries.ts";
import { ProductForm } from "./ProductForm.tsx";
import { ProductTypes } from "./ProductTypes.tsx";

/**
 * /product/list (产品列表, R348–R349): products by type and name, newest first. New (A), delete (D),
 * product type management (R), the enable switch (P); the shop column says 通用 for every shop.
 */
const pct = (n: number | undefined) => `${n ?? 0}%`;
const FILTERS = ["productType"];

export default function ProductList() {
  const { rights } = useScreen();
  const types = useProductTypes();
  const shopName = useOrgName();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [managingTypes, setManagingTypes] = useState(false);

  // Row actions reload the list through its query key (useListQuery keys by route).
  const toggleProduct = useToggleProduct();
  const deleteProducts = useDeleteProducts();
  const toggle = (p: Product, next: number | string) => succeeded(toggleProduct.mutateAsync({ id: p.id, idisplay: next }));

  async function remove(p: Product) {
    if (!(await confirmDelete(`确定删除产品「${p.productName}」吗？删除后不可恢复。`))) return;
    await succeeded(deleteProducts.mutateAsync({ ids: String(p.id) }));
  }

  const columns: Column<Product>[] = [
    { id: "productTypeName", header: "产品类型", nowrap: true },
    { id: "productName", header: "产品名称" },
    { id: "duration", header: "年限", nowrap: true, align: "right" },
    { id: "proCount", header: "数量", nowrap: true, align: "right", text: (p) => `${p.proCount}${p.productUnit ?? ""}` },
    { id: "amount", header: "产品金额", nowrap: true, align: "right", text: (p) => yuanText(p.amount) },
    { id: "groupAmount", header: "集团独立收款", nowrap: true, align: "right", text: (p) => yuanText(p.groupAmount) },
    { id: "profitsharingAmount", header: "集团分账", nowrap: true, align: "right", text: (p) => pct(p.profitsharingAmount) },
    { id: "agentAmount", header: "代理分账", nowrap: true, align: "right", text: (p) => pct(p.agentAmount) },
    { id: "channelAmount", header: "渠道分账", nowrap: true, align: "right", text: (p) => pct(p.channelAmount) },
    { id: "onlineSales", header: "小程序销售", nowrap: true, align: "center", text: (p) => yesNo(p.onlineSales) },
    { id: "shop", header: "指定门店", text: (p) => (p.shop === GENERAL_SHOP ? "通用" : shopName(p.shop) || p.shop) },
    {
      id: "idisplay",
      header: "启用",
      align: "center",
      exported: false,
      cell: (p) => <ConfirmSwitch value={p.idisplay ?? 1} allowed={rights.p} label={`启用：${p.productName}`} onChange={(next) => toggle(p, next)} />,
      text: (p) => (p.idisplay === 1 ? "启用" : "禁用"),
    },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (p) => <RowActions name={p.productName} onEdit={() => setEditing({ id: p.id })} onDelete={() => void remove(p)} />,
    },
  ];

  const typeOptions = useMemo(() => (types.data ?? []).map((t) => ({ value: t.id, label: t.typeName })), [types.data]);

  return (
    <ListScreen
      tableId="products"
      route={PRODUCT_LIST}
      columns={columns}
      filterKeys={FILTERS}
      filters={<FilterSelect name="productType" label="产品类型" options={typeOptions} />}
      keyword={{ placeholder: "产品名称" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增产品</AddButton>
          <DeleteSelected ctx={ctx} route="POST /xiangyu/api/hotel/product/delete" invalidates={STALE_AFTER.products} />
          {rights.r && <Button onClick={() => setManagingTypes(true)}>产品类型管理</Button>}
        </>
      )}
    >
      {() => (
        <>
          {editing && <ProductForm id={editing.id} onClose={() => setEditing(null)} />}
          {managingTypes && <ProductTypes onClose={() => setManagingTypes(false)} />}
        </>
      )}
    </ListScreen>
  );
}
