/**
 * The page builder's document (docs/pages.md): one schema for the server and the designer.
 * `COMPONENTS[kind]` gives each component's schema, defaults, panel metadata and label;
 * `parsePageDocument` reads, migrates and checks a configJson.
 */
export { COMPONENT_KINDS, ACTION_TYPES, DATA_FROM, actionProblem, type ComponentKind, type ComponentMeta, type Action } from "./component.ts";
export { COMPONENTS, ComponentSchema, defaultComponent, kindLabel, UNKNOWN_KIND, type Component, type ComponentByKind } from "./registry.ts";
export {
  DOCUMENT_VERSION,
  DOC_MSG,
  MAX_COMPONENTS,
  MAX_DOCUMENT_CHARS,
  MAX_HEADER_COMPONENTS,
  HEADER_KINDS,
  COMPONENT_LISTS,
  NOT_IN_HEADER,
  inHeader,
  roomFor,
  type ComponentListName,
  PageDocumentSchema,
  defaultPageDocument,
  migrate,
  parsePageDocument,
  type PageDocument,
  type ParseResult,
} from "./document.ts";
export { PAGE_SECTIONS, TERMINALS, TOP_AREAS, CHECK_IN_TYPES, OPEN_TYPES, TABBAR_MAX, TABBAR_MIN, NAVBAR_ICONS, type SectionMeta } from "./page.ts";
export type { FieldMeta, Option } from "./fields.ts";
export * from "./rules.ts";
export { defaultBanner, type BannerComponent } from "./components/banner.ts";
export { defaultMenu, type MenuComponent } from "./components/menu.ts";
export { defaultSeparationLine, type SeparationLineComponent } from "./components/separationLine.ts";
export { defaultRichText, RICH_TEXT_MODES, type RichTextComponent } from "./components/richText.ts";
export { defaultSearch, type SearchComponent } from "./components/search.ts";
export { defaultLFTabs, type LFTabsComponent } from "./components/lfTabs.ts";
export { defaultInformation, INFO_ITEM_TYPES, type InformationComponent } from "./components/information.ts";
export { defaultInfoView, type InfoViewComponent } from "./components/infoView.ts";
export { defaultPictureGroup, type PictureGroupComponent } from "./components/pictureGroup.ts";
export { defaultList, type ListComponent } from "./components/list.ts";
export { defaultForms, defaultFormField, FORM_FIELD_TYPES, FORM_SUBMIT_PATH, PICKER_MODES, type FormsComponent, type FormField } from "./components/forms.ts";
export { defaultMsg, type MsgComponent } from "./components/msg.ts";
export { defaultGoodsList, type GoodsListComponent } from "./components/goodsList.ts";
