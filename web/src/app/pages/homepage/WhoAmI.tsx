import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { RowOf } from "../../../lib/contract.ts";
import { unwrap } from "../../../lib/query.ts";
import { MANAGE_LEVEL, type Me } from "../../me.ts";
import { Card, Row } from "./Card.tsx";

export function AccountCard({ me }: { me: Me }) {
  return (
    <Card title="我的账号">
      <dl>
        <Row label="用户名">{me.username}</Row>
        <Row label="姓名">{me.realname || "—"}</Row>
        <Row label="手机号">{me.mobile || "—"}</Row>
        <Row label="角色">
          {me.roles.length ? (
            <span className="flex flex-wrap gap-1">
              {me.roles.map((r) => (
                <span key={r.id} className="rounded bg-blue-50 px-1.5 py-0.5 text-xs text-blue-700">
                  {r.name}
                </span>
              ))}
            </span>
          ) : (
            "—"
          )}
        </Row>
        <Row label="管理级别">{MANAGE_LEVEL[me.managelevel] ?? "—"}</Row>
      </dl>
    </Card>
  );
}

const DEPARTMENTS = "GET /gateway/api/organization/app/list";
type OrgNode = RowOf<typeof DEPARTMENTS>;
const flatten = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** My branch and departments; department codes are named from the department tree I can see. */
export function OrgCard({ me }: { me: Me }) {
  const allDepartments = me.deptCodes.length === 0 || me.deptCodes.includes("");
  const tree = useQuery({
    queryKey: ["home", "departments"],
    queryFn: async () => flatten((await unwrap(api.call(DEPARTMENTS, {}), "list")).dataList ?? []),
    enabled: !allDepartments,
    staleTime: 5 * 60_000,
  });
  const names = new Map((tree.data ?? []).map((n) => [n.orgCode, n.orgName]));
  return (
    <Card title="我的机构">
      <dl>
        <Row label="分公司">{me.branchname || (me.branchid ? `#${me.branchid}` : "平台（全部分公司）")}</Row>
        <Row label="部门">
          {allDepartments ? (
            "全部部门"
          ) : (
            <ul className="space-y-0.5">
              {me.deptCodes.map((code) => (
                <li key={code}>{names.get(code) ?? code}</li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
    </Card>
  );
}
