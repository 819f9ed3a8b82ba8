import { useCallback } from "react";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { TreeEditor } from "../../ui/tree/TreeEditor.tsx";
import { treeCall } from "./treeCalls.ts";
import { RegionForm, type Region } from "./RegionForm.tsx";

/** /chinaareamanage: the national region tree under 100000 中国 (R541), edited like the organisation tree. */
export const REGION_ROOT: Region = {
  id: 100000,
  parentid: 0,
  name: "中国",
  shortname: "",
  pinyin: "",
  citycode: "",
  zipcode: "",
  leveltype: 0,
  lng: "",
  lat: "",
  status: 1,
  hasChild: true,
};
const TREE_KEY = ["chinaarea"];

export default function RegionTree() {
  const api = useApi();
  const { rights } = useScreen();

  const loadChildren = useCallback(
    async (n: Region) => (await treeCall(api.call("GET /gateway/api/organization/chinaarea/list", { parentid: n.id }), "load")).dataList ?? [],
    [api],
  );

  const remove = useCallback(
    async (n: Region) => {
      const r = await treeCall(api.call("POST /gateway/api/organization/chinaarea/delete", { id: n.id }), "remove").catch(() => null);
      if (!r) return false;
      toast.success("删除成功", r.desc);
      return true;
    },
    [api],
  );

  return (
    <TreeEditor<Region>
      treeKey={TREE_KEY}
      root={REGION_ROOT}
      title="全国区域"
      label={(n) => (n.status === 0 ? `${n.name}（已禁用）` : n.name)}
      loadChildren={loadChildren}
      canAdd={() => rights.a}
      canDelete={(n) => n.id !== REGION_ROOT.id && rights.d}
      onDelete={remove}
      renderForm={(ctx) => <RegionForm ctx={ctx} />}
      help={
        <>
          <p className="mb-2 font-medium text-slate-700">全国区域</p>
          <p>点击左侧区域查看和修改区域信息，展开可逐级查看下级区域。</p>
          <p>将鼠标移到区域上，点击「＋」新增下级区域，点击「✕」删除区域，点击「↻」刷新下级区域。</p>
          <p>删除区域会同时删除其下所有下级区域，且不可恢复，请谨慎操作。</p>
          <p>停用的区域不会出现在各处的区域选择中。</p>
        </>
      }
    />
  );
}
