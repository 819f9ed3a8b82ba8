import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { WebsiteConfigInput } from "@xiangyu/core/website/schemas";
import type { WebsiteMenu } from "@xiangyu/core/website/rules";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { useSaveWebsiteConfig, websiteQueries, type WebsiteConfig as Config } from "./websiteQueries.ts";
import { WebsiteFields } from "./WebsiteFields.tsx";
import { WebsiteMenus } from "./WebsiteMenus.tsx";

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

  return (
    <div className="rounded-lg bg-white p-6 shadow-sm">
      <EditForm onSubmit={save} mayWrite={rights.e} busy={form.submitting} onClose={onSaved}>
        <WebsiteFields form={form} readOnly={!rights.e} />
        <WebsiteMenus candidates={candidates} menus={menus} setMenus={setMenus} readOnly={!rights.e} />
      </EditForm>
    </div>
  );
}
