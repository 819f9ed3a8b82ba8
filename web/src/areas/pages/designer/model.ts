/**
 * The designer's one door to the page document schema in core (packages/core/src/pages/document):
 * kinds, labels, defaults, limits and panel metadata all come from there, so a default or a limit
 * exists once. What is here only adapts it to the designer (a loose component type for the
 * renderers, the default of a parameter for a new list item).
 */
import {
  COMPONENTS,
  COMPONENT_KINDS,
  COMPONENT_LISTS,
  FORM_FIELD_TYPES,
  HEADER_KINDS,
  PAGE_SECTIONS,
  applyPageRules,
  defaultComponent,
  defaultFormField,
  defaultPageDocument,
  inHeader,
  kindLabel,
  parsePageDocument,
  roomFor,
  type Component,
  type ComponentListName,
  type ComponentKind,
  type FieldMeta,
  type PageDocument,
} from "@xiangyu/core/pages/document/index";

export {
  COMPONENTS,
  COMPONENT_KINDS,
  COMPONENT_LISTS,
  FORM_FIELD_TYPES,
  HEADER_KINDS,
  PAGE_SECTIONS,
  applyPageRules,
  defaultComponent,
  defaultFormField,
  defaultPageDocument,
  inHeader,
  kindLabel,
  parsePageDocument,
  roomFor,
};
export type { Component, ComponentKind, ComponentListName, FieldMeta, PageDocument };

export type { AnyComponent } from "../../../designedPage/document.ts";

/** The value a parameter starts with (a new list item's fields): the schema's default. */
export function defaultOf(meta: FieldMeta): unknown {
  switch (meta.input) {
    case "list":
    case "tags":
      return [];
    case "group":
      return Object.fromEntries(Object.entries(meta.fields).map(([k, m]) => [k, defaultOf(m)]));
    default:
      return meta.default;
  }
}

/** Whether `kind` is one of the schema's component kinds (a drop from elsewhere is ignored). */
export const isKind = (kind: unknown): kind is ComponentKind => typeof kind === "string" && (COMPONENT_KINDS as readonly string[]).includes(kind);
