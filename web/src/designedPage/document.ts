import type { PageDocument } from "@xiangyu/core/pages/document/index";

/**
 * What the renderers read of a designed page (core's page document schema): shared by the
 * designer's preview and the member H5, so staff see in 预览 what members see.
 */
export type { PageDocument };

/** A component as the renderers read it: its kind and id, and parameters looked up by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's own fields, checked by its schema
export type AnyComponent = { kind: string; id: string } & Record<string, any>;
