import { useEffect } from "react";
import { Link, useRouter } from "@tanstack/react-router";

/** Where a refused module (HTTP 403, R015) lands. */
export function NoRightPage() {
  const router = useRouter();
  useEffect(() => {
    document.title = "没有权限";
  }, []);
  return (
    <section className="mx-auto mt-16 max-w-md rounded-md border border-slate-200 bg-white px-8 py-12 text-center">
      <div aria-hidden className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-amber-50 text-2xl text-amber-500">
        !
      </div>
      <h1 className="text-base font-medium text-slate-900">你没有访问该模块的权限</h1>
      <p className="mt-2 text-sm text-slate-500">如需使用，请联系管理员为你的角色开通。</p>
      <div className="mt-6 flex justify-center gap-3 text-sm">
        <button
          type="button"
          onClick={() => router.history.back()}
          className="rounded border border-slate-300 px-4 py-1.5 text-slate-700 hover:border-blue-500 hover:text-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          返回上一页
        </button>
        <Link
          to="/homepage"
          className="rounded border border-blue-600 bg-blue-600 px-4 py-1.5 text-white hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
        >
          返回首页
        </Link>
      </div>
    </section>
  );
}
