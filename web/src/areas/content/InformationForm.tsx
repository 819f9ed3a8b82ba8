import { InformationInput } from "@xiangyu/core/content/schemas";
import { DEFAULT_SORT_ORDER } from "@xiangyu/core/content/rules";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Button } from "../../ui/Button.tsx";
import { useApi } from "../../lib/screen.tsx";
import { INFO_VIEW, useSaveInformation, type InformationRecord } from "./contentQueries.ts";
import { InformationFields } from "./InformationFields.tsx";

/**
 * The information edit modal, fullscreen (R525): reads the article with its rich text and saves it
 * whole. A saved article can be previewed on the website (beyond the spec): the console asks a
 * 10-minute link (previewlink) and opens the website's detail page with it in a new tab, so a
 * draft is shown to staff only.
 */
export function informationValues(a: Partial<InformationRecord> | undefined, infoType = "") {
  return {
    id: a?.id ?? "",
    infoType: a?.infoType ?? infoType,
    infoTitle: a?.infoTitle ?? "",
    label: a?.label ?? "",
    price: a?.price ?? "",
    fromIn: a?.fromIn ?? "",
    orgCode: a?.orgCode ?? "",
    publishtime: a?.publishtime ?? "",
    starttime: a?.starttime ?? "",
    endtime: a?.endtime ?? "",
    address: a?.address ?? "",
    lng: a?.lng ?? "",
    lat: a?.lat ?? "",
    infoPicture: a?.infoPicture ?? "",
    jumpUrl: a?.jumpUrl ?? "",
    content: a?.content ?? "",
    idisplay: a?.idisplay ?? 1,
    sortOrder: a?.sortOrder ?? DEFAULT_SORT_ORDER,
  };
}

type Props = { id?: number; infoType?: string; onClose: () => void };

export function InformationForm({ id, infoType, onClose }: Props) {
  return (
    <RecordModal route={INFO_VIEW} id={id} width="full" title={id ? "编辑信息" : "新增信息"} onClose={onClose}>
      {(a) => <InformationEditor initial={informationValues(a, infoType)} onClose={onClose} />}
    </RecordModal>
  );
}

/** The form itself: the modal's body, and the single-record screen's page (InfoView.tsx). */
type EditorProps = { initial: ReturnType<typeof informationValues>; onClose: () => void; onSaved?: () => void; mayWrite?: boolean };

export function InformationEditor({ initial, onClose, onSaved, mayWrite: allowed }: EditorProps) {
  const form = useSchemaForm(InformationInput, initial, { hidden: ["id"] });
  const byRecord = useMayWrite(initial.id);
  const mayWrite = allowed ?? byRecord;
  const post = useSaveInformation({ onClose, onSaved });
  const save = form.submit(() => post({ ...form.values, id: form.values.id || undefined }));
  const api = useApi();
  const preview = async () => {
    if (!initial.id) return;
    const r = await api.call("POST /xiangyu/api/information/previewlink", { id: Number(initial.id) });
    if (r.code !== "200" || !r.data) return;
    const q = new URLSearchParams({ functionId: String(r.data.functionId), id: String(r.data.id), preview: r.data.token });
    // The website is at /site/ on one machine, on its own domain in the cloud (VITE_SITE_URL).
    window.open(`${import.meta.env.VITE_SITE_URL ?? "/site"}/information/view?${q}`, "_blank", "noopener");
  };

  return (
    <EditForm
      onSubmit={save}
      mayWrite={mayWrite}
      busy={form.submitting}
      onClose={onClose}
      sticky
      actions={
        initial.id ? (
          <Button onClick={() => void preview()} aria-label="在网站预览">
            网站预览
          </Button>
        ) : undefined
      }
    >
      <InformationFields form={form} readOnly={!mayWrite} />
    </EditForm>
  );
}
