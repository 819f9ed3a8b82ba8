/**
 * The website's calls: only the public, read-only routes (docs/api.md), each naming the site's own
 * host (`domain`), by which the server finds the tenant — as the console's login page does.
 */
export type Envelope<D = unknown, L = unknown> = { code: string; desc: string; data?: D; dataList?: L[]; pageParams?: { maxPage: number; currentPage: number; maxCount: number } };

export type SiteConfig = {
  branchname: string;
  indexLogo: string;
  pageLogo: string;
  pagePurpose: string;
  nopic: string;
  branchaddress: string;
  branchleadermobile: string;
  icp: string;
  companyname: string;
  mainMenuId: number;
  mainColor: string;
  secondColor: string;
};
export type Menu = { typeid: number; typename: string; frontlink: string; subMenus: Menu[] };
export type Article = {
  id: number;
  typeId: number;
  infoType: string;
  label: string;
  infoTitle: string;
  price: string;
  fromIn: string;
  publishtime: string;
  starttime: string;
  endtime: string;
  address: string;
  infoPicture: string;
  jumpUrl: string;
  addtime: string;
  content?: string;
};

export class ApiError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function call<D = unknown, L = unknown>(path: string, query: Record<string, string | number> = {}): Promise<Envelope<D, L>> {
  const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), domain: location.host });
  const r = await fetch(`${path}?${q}`, { headers: { accept: "application/json" } });
  const body = (await r.json()) as Envelope<D, L>;
  if (body.code !== "200") throw new ApiError(body.code, body.desc);
  return body;
}
