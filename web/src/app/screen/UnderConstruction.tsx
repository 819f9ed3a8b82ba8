import { useScreen } from "../../lib/screen.tsx";
import { Panel } from "./Panel.tsx";

/** What a menu path shows until its screen is registered in its area's screens.ts. */
export default function UnderConstruction() {
  const { title } = useScreen();
  return (
    <Panel title="该功能正在建设中">
      <p className="text-sm text-slate-500">“{title}”将在后续版本中提供，敬请期待。</p>
    </Panel>
  );
}
