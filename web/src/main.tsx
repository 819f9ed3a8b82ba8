import { createRoot } from "react-dom/client";
import "./index.css";

// The console frame is being built (issue 3): this page only proves the build and the static serving.
createRoot(document.getElementById("root")!).render(<p className="p-8 text-gray-700">享域会员管理平台</p>);
