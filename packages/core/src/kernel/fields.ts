/**
 * valibot building blocks for every field a route or a form takes. Fields arrive form-encoded
 * (strings) or as JSON (numbers). One missing-key strategy: every field tolerates a missing key
 * (the adapter hands the schema every key it declares), so its own Chinese message speaks.
 * Every field is bounded: strings by length, integers to 32 bits, lists by size.
 *
 * This file is the one place schemas import field builders from (docs/decisions.md, "How an area
 * is written"); each kind of field is built in its own file under `fields/`.
 */
export { BAD_INPUT, MAX_INT, MAX_IDS, tooManyIds, TOO_MANY_IDS, type Raw, rawValue, blank, toInt } from "./fields/raw.ts";
export { NO_MARKUP, hasMarkup, markupMessage, requiredRawText, optRawText, requiredText, optText, MAX_KEYWORD, keywordField } from "./fields/text.ts";
export { isSafeLink, LINK_KIND, LINK_LIST_KIND, MAX_LINK, badLink, linkField } from "./fields/links.ts";
export { optInt, maybeInt, requiredInt, idField, maybeId, intChoice, maybeChoice, textChoice, flagField } from "./fields/numbers.ts";
export { rawList, idsField, maybeIdsField, noInput, idInput, idsInput } from "./fields/ids.ts";
export { BAD_DATE, isBusinessDate, dateField, maybeDate, maybeMonth } from "./fields/dates.ts";
export { INCOMPLETE, wholeRecord } from "./fields/wholeRecord.ts";
export {
  LNG_BAD,
  LAT_BAD,
  TEL_BAD,
  MOBILE_BAD,
  ID_NUMBER_BAD,
  ID_NUMBER_BIRTH,
  ID_NUMBER_CHECK,
  EMAIL_BAD,
  AGE_BAD,
  QUANTITY_BAD,
  lngField,
  latField,
  telField,
  mobileField,
  maybeMobileField,
  idNumberField,
  emailField,
  ageField,
  positiveIntField,
  percentField,
} from "./fields/formatted.ts";
export { Refusal, jsonField } from "./fields/json.ts";
