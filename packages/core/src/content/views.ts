import type { InformationItem } from "./entities.ts";
import { joinPictures } from "./rules.ts";

/**
 * What the console sees of an article (information/view, list rows) and what the website sees
 * (PublicArticle): the public view is built field by field, so a staff field added to the entity
 * never reaches the website by accident (content.test.ts checks the exact keys).
 */
export function informationView(a: InformationItem, content?: string) {
  return {
    ...publicArticle(a, content),
    orgCode: a.orgCode ?? "",
    idisplay: a.idisplay,
    sortOrder: a.sortOrder,
    updatetime: a.updatetime ?? "",
    adduser: a.adduser ?? "",
  };
}
export type InformationView = ReturnType<typeof informationView>;

/** An article as the public website reads it: no enable flag, order, area code, staff or edit times. */
export function publicArticle(a: InformationItem, content?: string) {
  return {
    id: a.id,
    typeId: a.typeId,
    infoType: a.infoType,
    label: a.label ?? "",
    infoTitle: a.infoTitle,
    price: a.price ?? "",
    fromIn: a.fromIn ?? "",
    publishtime: a.publishtime ?? "",
    starttime: a.starttime ?? "",
    endtime: a.endtime ?? "",
    address: a.address ?? "",
    lng: a.lng ?? "",
    lat: a.lat ?? "",
    infoPicture: joinPictures(a.pictures ?? []),
    jumpUrl: a.jumpUrl ?? "",
    addtime: a.addtime ?? "",
    ...(content === undefined ? {} : { content }),
  };
}
export type PublicArticle = ReturnType<typeof publicArticle>;
/** The public list's fields (the list reads no rich text). */
export const PUBLIC_KEYS = [
  "id",
  "typeId",
  "infoType",
  "label",
  "infoTitle",
  "price",
  "fromIn",
  "publishtime",
  "starttime",
  "endtime",
  "address",
  "lng",
  "lat",
  "infoPicture",
  "jumpUrl",
  "addtime",
] as const;
