import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { WebsiteConfigInput } from "@xiangyu/core/website/schemas";
import type { WebsiteMenu } from "@xiangyu/core/website/rules";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/ImageUploader.tsx";
import { Button } from "../../ui/Button.tsx";
import { useSaveWebsiteConfig, websiteQueries, type WebsiteConfig as Config } from "./websiteQueries.ts";

/**
 * /website (网站设置, beyond the spec; issue 20): what the public website shows — its name, logos,
 * description, footer (address, phone, registration number), colours — and which information
 * columns are its menus, named and ordered here, optionally under another menu (the inner pages'
 * left menu); the hotels' folder (酒店目录) is the website's hotel directory (issue 35). Saved with E.
 */
export default function WebsiteSettings() {
  const api = useApi();
  const config = useQuery({ ...websiteQueries.config(api), select: (r) => r.data, gcTime: 0 });
  if (config.isPending) return <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>;
  if (config.isError || !config.data) return <p className="py-10 text-center text-sm text-red-600">读取网站设置出错</p>;
  return <Settings config={config.data} onSaved={() => void config.refetch()} />;
}

function Settings({ config, onSaved }: { config: Config; onSaved: () => void }) {
  const { rights } = useScreen();
  const candidates = config.candidates;
  const fields = {
    branchname: config.branchname,
    indexLogo: config.indexLogo,
    pageLogo: config.pageLogo,
    pagePurpose: config.pagePurpose,
    nopic: config.nopic,
    branchaddress: config.branchaddress,
    branchleadermobile: config.branchleadermobile,
    icp: config.icp,
    companyname: config.companyname,
    mainColor: config.mainColor,
    secondColor: config.secondColor,
  };
  const form = useSchemaForm(WebsiteConfigInput, { ...fields, menus: "[]" }, { hidden: ["menus"] });
  const [menus, setMenus] = useState<WebsiteMenu[]>(config.menus);
  const post = useSaveWebsiteConfig({ onClose: onSaved });
  const save = form.submit(() => post({ ...form.values, menus: JSON.stringify(menus) }));
  const e = form.errors;
  const logo = (name: "indexLogo" | "pageLogo" | "nopic") => (
    <ImageUploader value={form.values[name] ? [String(form.values[name])] : []} onChange={(urls) => form.set(name, urls[0] ?? "")} max={1} maxKB={1024} disabled={!rights.e} />
  );

  const shown = useMemo(() => new Map(menus.map((m, i) => [m.typeid, i])), [menus]);
  const toggle = (c: (typeof candidates)[number]) =>
    setMenus((l) =>
      shown.has(c.typeid) ? l.filter((m) => m.typeid !== c.typeid && m.parent !== c.typeid) : [...l, { typeid: c.typeid, typename: c.typename, parent: 0, kind: c.kind }],
    );
  const patch = (typeid: number, p: Partial<WebsiteMenu>) => setMenus((l) => l.map((m) => (m.typeid === typeid ? { ...m, ...p } : m)));
  const move = (i: number, by: -1 | 1) =>
    setMenus((l) => {
      const j = i + by;
      if (j < 0 || j >= l.length) return l;
      const out = [...l];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    });

  return (
    <div className="rounded-lg bg-white p-6 shadow-sm">
      <EditForm onSubmit={save} mayWrite={rights.e} busy={form.submitting} onClose={onSaved}>
        <div className="grid max-w-5xl grid-cols-1 gap-x-6 md:grid-cols-2">
          <Field label="网站名称" required error={e.branchname}>
            <TextInput {...form.field("branchname")} maxLength={50} />
          </Field>
          <Field label="公司名称" error={e.companyname}>
            <TextInput {...form.field("companyname")} maxLength={100} />
          </Field>
          <Field label="网站描述" error={e.pagePurpose} hint="搜索引擎与分享时显示，200个字以内">
            <TextInput {...form.field("pagePurpose")} maxLength={200} />
          </Field>
          <Field label="地址" required error={e.branchaddress}>
            <TextInput {...form.field("branchaddress")} maxLength={200} />
          </Field>
          <Field label="电话" required error={e.branchleadermobile}>
            <TextInput {...form.field("branchleadermobile")} maxLength={30} />
          </Field>
          <Field label="备案号" error={e.icp}>
            <TextInput {...form.field("icp")} maxLength={50} />
          </Field>
          <Field label="主色" error={e.mainColor} hint="默认 #950101">
            <TextInput {...form.field("mainColor")} maxLength={7} placeholder="#950101" />
          </Field>
          <Field label="辅色" error={e.secondColor} hint="默认 #ae0026">
            <TextInput {...form.field("secondColor")} maxLength={7} placeholder="#ae0026" />
          </Field>
          <Field label="首页标志" error={e.indexLogo}>
            {logo("indexLogo")}
          </Field>
          <Field label="内页标志" error={e.pageLogo}>
            {logo("pageLogo")}
          </Field>
          <Field label="默认图片" error={e.nopic} hint="信息没有标题图片时显示">
            {logo("nopic")}
          </Field>
        </div>
        <h2 className="mt-6 mb-2 text-sm font-semibold text-slate-700">网站菜单</h2>
        <p className="mb-2 text-xs text-slate-500">勾选的信息栏目显示为网站菜单；列表栏目打开信息列表，单页信息打开该页。</p>
        <table className="w-full max-w-5xl text-sm" aria-label="网站菜单">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="p-2">显示</th>
              <th className="p-2">栏目</th>
              <th className="p-2">菜单名称</th>
              <th className="p-2">上级菜单</th>
              <th className="p-2">顺序</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((c) => {
              const i = shown.get(c.typeid);
              const m = i === undefined ? undefined : menus[i];
              const parents = menus.filter((x) => !x.parent && x.typeid !== c.typeid);
              return (
                <tr key={c.typeid} className="border-t border-slate-100">
                  <td className="p-2">
                    <input type="checkbox" checked={!!m} onChange={() => toggle(c)} aria-label={`显示：${c.typename}`} disabled={!rights.e} />
                  </td>
                  <td className="p-2 text-slate-600">
                    {c.typename}
                    <span className="ml-1 text-xs text-slate-400">{c.kind === "page" ? "单页" : c.kind === "hotels" ? "酒店" : "列表"}</span>
                  </td>
                  <td className="p-2">
                    {m && (
                      <TextInput
                        name={`menu-${c.typeid}`}
                        value={m.typename}
                        onChange={(v) => patch(c.typeid, { typename: String(v) })}
                        maxLength={20}
                        aria-label={`菜单名称：${c.typename}`}
                      />
                    )}
                  </td>
                  <td className="p-2">
                    {m && (
                      <Select
                        name={`parent-${c.typeid}`}
                        value={m.parent || ""}
                        onChange={(v) => patch(c.typeid, { parent: Number(v) || 0 })}
                        options={parents.map((p) => ({ value: p.typeid, label: p.typename }))}
                        placeholder="顶级菜单"
                        aria-label={`上级菜单：${c.typename}`}
                      />
                    )}
                  </td>
                  <td className="p-2">
                    {i !== undefined && (
                      <span className="flex items-center gap-1">
                        <span className="w-6 text-slate-500" aria-label={`第${i + 1}项`}>
                          {i + 1}
                        </span>
                        <Button size="sm" variant="link" onClick={() => move(i, -1)} aria-label={`上移：${c.typename}`}>
                          上移
                        </Button>
                        <Button size="sm" variant="link" onClick={() => move(i, 1)} aria-label={`下移：${c.typename}`}>
                          下移
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </EditForm>
    </div>
  );
}
