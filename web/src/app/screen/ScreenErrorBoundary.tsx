import { Component, type ReactNode } from "react";
import { Panel } from "./Panel.tsx";

/**
 * A screen that fails to load (a chunk missing after a deploy) or to render is shown as a message
 * inside the frame, so the menu stays usable.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Panel title="页面加载出错">
        <p className="text-sm text-slate-500">{this.state.error.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:border-blue-500 hover:text-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          重新加载
        </button>
      </Panel>
    );
  }
}
