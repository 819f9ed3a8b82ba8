import * as v from "valibot";
import { BAD_INPUT, idField, requiredText } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { FORM_MAX_FIELDS } from "../document/components/forms.ts";
import { CODE_PATTERN, MSG } from "../schemas.ts";
import { FORM_MSG } from "./rules.ts";

/** The longest `values` accepted as JSON text (50 fields of a few hundred characters, a long answer or two). */
const MAX_VALUES_TEXT = 60_000;

/**
 * `POST /xiangyu/api/mp/form/submit`: the page (by code), the form on it (its component id) and the
 * answers by field name — an object, or the same as JSON text (a form-encoded post).
 */
export const FormSubmitInput = v.object({
  code: v.pipe(
    requiredText(MSG.missingPage, 50, MSG.missingPage),
    v.check((s) => CODE_PATTERN.test(s), MSG.missingPage),
  ),
  componentId: v.pipe(requiredText(FORM_MSG.missingForm, 64, FORM_MSG.missingForm)),
  values: v.pipe(
    v.union(
      [
        v.pipe(
          v.string(FORM_MSG.badValues),
          v.maxLength(MAX_VALUES_TEXT, FORM_MSG.badValues),
          v.rawTransform(({ dataset, addIssue, NEVER }) => {
            try {
              return JSON.parse(dataset.value) as unknown;
            } catch {
              addIssue({ message: FORM_MSG.badValues });
              return NEVER;
            }
          }),
        ),
        v.record(v.string(), v.unknown(), FORM_MSG.badValues),
      ],
      FORM_MSG.badValues,
    ),
    v.check((o) => typeof o === "object" && o !== null && !Array.isArray(o) && Object.keys(o).length <= FORM_MAX_FIELDS, FORM_MSG.badValues),
  ),
});
export type FormSubmitInput = v.InferOutput<typeof FormSubmitInput>;

/** `GET /gateway/api/manage/custompage/formentries`: one page's submissions, newest first. */
export const FormEntriesQuery = listQuery({ pageId: idField(MSG.notFound, BAD_INPUT) });
