import { ClientsScreen } from "./ClientsScreen.tsx";

/** /client/manage: every client of the user's stores (R277–R296). */
export default function ClientList() {
  return <ClientsScreen members={false} />;
}
