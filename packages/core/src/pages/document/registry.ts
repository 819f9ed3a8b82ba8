import * as v from "valibot";
import type { ComponentKind } from "./component.ts";
import { Banner } from "./components/banner.ts";
import { Forms } from "./components/forms.ts";
import { GoodsList } from "./components/goodsList.ts";
import { Information } from "./components/information.ts";
import { InfoView } from "./components/infoView.ts";
import { LFTabs } from "./components/lfTabs.ts";
import { List } from "./components/list.ts";
import { Menu } from "./components/menu.ts";
import { Msg } from "./components/msg.ts";
import { PictureGroup } from "./components/pictureGroup.ts";
import { RichText } from "./components/richText.ts";
import { Search } from "./components/search.ts";
import { SeparationLine } from "./components/separationLine.ts";

/** Every component kind → its definition (schema, defaults, panel metadata, label), in R566's order. */
export const COMPONENTS = { Banner, Menu, SeparationLine, RichText, Search, LFTabs, Information, InfoView, PictureGroup, List, Forms, Msg, GoodsList } as const;

export const UNKNOWN_KIND = "组件类型不正确";

/** One component of any kind, discriminated by `kind`. */
export const ComponentSchema = v.variant(
  "kind",
  [
    Banner.schema,
    Menu.schema,
    SeparationLine.schema,
    RichText.schema,
    Search.schema,
    LFTabs.schema,
    Information.schema,
    InfoView.schema,
    PictureGroup.schema,
    List.schema,
    Forms.schema,
    Msg.schema,
    GoodsList.schema,
  ],
  UNKNOWN_KIND,
);
/** One component of any kind (the union of every kind's defaults' type). */
export type Component = { [K in ComponentKind]: ReturnType<(typeof COMPONENTS)[K]["defaults"]> }[ComponentKind];
export type ComponentByKind<K extends ComponentKind> = Extract<Component, { kind: K }>;

/** The Chinese name of a kind ("轮播图"), or the kind itself when it is none of ours. */
export const kindLabel = (kind: unknown): string => (typeof kind === "string" && kind in COMPONENTS ? COMPONENTS[kind as ComponentKind].label : String(kind ?? ""));

/** A fresh component of a kind with every default. */
export const defaultComponent = <K extends ComponentKind>(kind: K): ComponentByKind<K> => COMPONENTS[kind].defaults() as ComponentByKind<K>;
