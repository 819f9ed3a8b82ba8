import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { toastFailure } from "../../lib/toast.ts";
import type { ListKey } from "../../lib/contract.ts";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { RowActions } from "../../ui/RowActions.tsx";
import { ConfirmSwitch } from "../../ui/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected } from "../../ui/ListActions.tsx";
import { FilterSelect } from "../../ui/filters.tsx";
import { confirmDelete, perform } from "../../ui/actions.ts";
import { useOrgName } from "../../ui/OrgCascader.tsx";
import type { Column } from "../../ui/columns.ts";
import { GENERAL_SHOP, PRODUCT_API, money, yesNo, type Product } from "./productTypes.ts";
import { useProductTypes } from "./useProductTypes.ts";
import { ProductForm } from "./ProductForm.tsx";
import { ProductTypes } from "./ProductTypes.tsx";

/**
 * /product/list (产品列表, R348–R349): products by type and name, newest first. New (A), delete (D),
 * product type management (R), the enable switch (P); the shop column says 通用 for every shop.
 */
const pct = (n: number) => `${n ?? 0}%`;
const LIST = "GET /xiangyu/api/hotel/product/list";
const FILTERS = ["productType"];

export default function ProductList() {
  const api = useApi();
  const { rights } = useScreen();
  const types = useProductTypes();
  const shopName = useOrgName();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [managingTypes, setManagingTypes] = useState(false);

  // Row actions reload the list through its query key (useListQuery keys by route).
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: [LIST] });

  async function toggle(p: Product, next: number | string) {
    const r = await api.post(`${PRODUCT_API}/passed`, { id: p.id, idisplay: next });
    if (isOk(r)) refetch();
    else toastFailure(r.desc, "handle");
    return isOk(r);
  }

  async function remove(p: Product) {
    if (!(await confirmDelete(`确定删除产品「${p.productName}」吗？删除后不可恢复。`))) return;
    if (await perform(api.post(`${PRODUCT_API}/delete`, { ids: String(p.id) }), "删除成功")) refetch();
  }

  const columns: Column<Product>[] = [
    { id: "productTypeName", header: "产品类型", nowrap: true },
    { id: "productName", header: "产品名称" },
    { id: "duration", header: "年限", nowrap: true, align: "right" },
    { id: "proCount", header: "数量", nowrap: true, align: "right", text: (p) => `${p.proCount}${p.productUnit ?? ""}` },
    { id: "amount", header: "产品金额", nowrap: true, align: "right", text: (p) => money(p.amount) },
    { id: "groupAmount", header: "集团独立收款", nowrap: true, align: "right", text: (p) => money(p.groupAmount) },
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
      cell: (p) => <ConfirmSwitch value={p.idisplay} allowed={rights.p} label={`启用：${p.productName}`} onChange={(next) => toggle(p, next)} />,
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
    <ListScreen<ListKey, Product>
      tableId="products"
      route={LIST}
      columns={columns}
      filterKeys={FILTERS}
      filters={<FilterSelect name="productType" label="产品类型" options={typeOptions} />}
      keyword={{ placeholder: "产品名称" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增产品</AddButton>
          <DeleteSelected ctx={ctx} path={`${PRODUCT_API}/delete`} />
          {rights.r && <Button onClick={() => setManagingTypes(true)}>产品类型管理</Button>}
        </>
      )}
    >
      {() => (
        <>
          {editing && <ProductForm id={editing.id} onClose={() => setEditing(null)} onSaved={refetch} />}
          {managingTypes && <ProductTypes onClose={() => setManagingTypes(false)} onChanged={refetch} />}
        </>
      )}
    </ListScreen>
  );
}
