import { useEffect, type CSSProperties } from "react";
import "rapidoc";

/**
 * #/api-docs: the API reference for developers (docs/api.md, "The OpenAPI document"), read-only:
 * RapiDoc (a web component, one prebuilt file) renders the document the server serves at
 * /gateway/openapi.json. Loaded lazily (router.tsx), so it is no part of the console's first load.
 * Nothing is sent from here (no try-it console, no authentication, no other document), no fonts
 * come from elsewhere (system fonts), and RapiDoc leaves the address alone: the console's hash
 * router owns it.
 */
type RapiDocAttributes = { style?: CSSProperties; [attribute: string]: string | CSSProperties | undefined };
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "rapi-doc": RapiDocAttributes;
    }
  }
}

const SANS = 'system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export default function ApiReferencePage() {
  useEffect(() => {
    document.title = "API 参考";
  }, []);
  return (
    <rapi-doc
      spec-url="/gateway/openapi.json"
      heading-text="Xiangyu API"
      render-style="focused"
      layout="row"
      theme="light"
      primary-color="#2563eb"
      nav-bg-color="#f8fafc"
      regular-font={SANS}
      mono-font={MONO}
      load-fonts="false"
      schema-style="table"
      default-schema-tab="schema"
      show-method-in-nav-bar="as-colored-text"
      use-path-in-nav-bar="false"
      show-header="false"
      show-info="true"
      show-components="true"
      allow-try="false"
      allow-authentication="false"
      allow-server-selection="false"
      allow-spec-url-load="false"
      allow-spec-file-load="false"
      allow-spec-file-download="true"
      update-route="false"
      style={{ display: "block", height: "100vh", width: "100%" }}
    />
  );
}
