import { ClientsScreen } from "./ClientsScreen.tsx";

/** /client/member: the same list read from memberlist, every status but 1 (docs/gaps.md §9). */
export default function MemberList() {
  return <ClientsScreen members />;
}
