import { Panel } from "../../ui/Panel.tsx";
import { useScreen } from "../../lib/screen.tsx";
import { RciWizard } from "./RciWizard.tsx";

/** /order/rci (RCI周次交换, function 1806): the four-step exchange wizard on its own page (R234). */
export default function RciExchange() {
  const { rights } = useScreen();
  return (
    <Panel className="mx-auto w-full max-w-4xl">
      <div className="p-4">{rights.a ? <RciWizard onDone={() => undefined} /> : <p className="text-sm text-slate-500">你没有新增权限</p>}</div>
    </Panel>
  );
}
