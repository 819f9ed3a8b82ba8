import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { Button } from "../Button.tsx";
import { ALL_RIGHTS, mockMadeUpRoutes, renderBlock } from "../test-utils.tsx";
import { NO_RIGHTS } from "../../lib/screen.tsx";
import { EditForm } from "./EditForm.tsx";
import { Field } from "./Field.tsx";
import { useMayWrite } from "./FormFooter.tsx";
import { ENABLED, RadioField } from "./RadioField.tsx";
import { TextInput } from "./inputs.tsx";
import { useSave } from "./useSave.ts";
import { useSchemaForm } from "./useSchemaForm.ts";
import type { PostKey } from "../../lib/contract.ts";

const Room = v.object({
  id: v.optional(v.union([v.literal(""), v.number()])),
  roomName: v.pipe(v.string(), v.trim(), v.nonEmpty("名称不能为空")),
  idisplay: v.picklist([0, 1], "请选择状态"),
});

type Props = { id?: number; onClose: () => void; onSaved: () => void; onEdit?: () => void };

/** The shape of every edit dialog: schema form, write right by record, the save, the shell. */
function RoomEditor({ id, onClose, onSaved, onEdit }: Props) {
  const form = useSchemaForm(Room, { id: id ?? "", roomName: id ? "大床房" : "", idisplay: "" });
  const mayWrite = useMayWrite(id);
  const post = useSave("POST /api/room/save" as PostKey, { onSaved, onClose });
  const save = form.submit(post);
  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} actions={onEdit && <Button onClick={onEdit}>编辑</Button>}>
      <Field label="名称" required error={form.errors.roomName}>
        <TextInput {...form.field("roomName")} />
      </Field>
      <RadioField label="状态" required {...form.field("idisplay")} options={ENABLED} hint="停用后不再列出" />
    </EditForm>
  );
}

const props = () => ({ onClose: vi.fn(), onSaved: vi.fn() });

/** A new room typed in by one who may add, and saved. */
async function saveNewRoom(name: string, status: "启用" | "禁用") {
  const p = props();
  renderBlock(<RoomEditor {...p} />, { rights: ALL_RIGHTS });
  await userEvent.type(screen.getByLabelText(/名称/), name);
  await userEvent.click(screen.getByLabelText(status));
  await userEvent.click(screen.getByRole("button", { name: "保存" }));
  return p;
}

describe("EditForm with RadioField, useSave and useMayWrite", () => {
  it("shows a radio field's own message on a refused submit and its hint otherwise", async () => {
    const api = mockMadeUpRoutes({});
    renderBlock(<RoomEditor {...props()} />, { rights: ALL_RIGHTS });
    expect(screen.getByText("停用后不再列出")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("请选择状态")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("停用后不再列出")).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("posts the schema's output, says the server's text, refreshes the screen and closes", async () => {
    const api = mockMadeUpRoutes({ "POST /api/room/save": () => ({ code: "200", desc: "客房已保存" }) });
    const p = await saveNewRoom(" 双床房 ", "禁用");
    expect(await screen.findByText("客房已保存")).toBeInTheDocument();
    expect(api.last("POST /api/room/save")?.body).toMatchObject({ roomName: "双床房", idisplay: "0" });
    expect(p.onSaved).toHaveBeenCalledTimes(1);
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps the dialog and what was typed when the server refuses, with its desc or 保存出错", async () => {
    let desc = "名称已存在";
    mockMadeUpRoutes({ "POST /api/room/save": () => ({ code: "500", desc }) });
    const p = await saveNewRoom("双床房", "启用");
    expect(await screen.findByText("名称已存在")).toBeInTheDocument();
    desc = "";
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("保存出错")).toBeInTheDocument();
    expect(screen.getByLabelText(/名称/)).toHaveValue("双床房");
    expect(p.onSaved).not.toHaveBeenCalled();
    expect(p.onClose).not.toHaveBeenCalled();
  });

  it("needs A for a new record and E for a saved one; without it everything is disabled and only 关闭 is offered", async () => {
    const p = props();
    const { unmount } = renderBlock(<RoomEditor {...p} />, { rights: { ...NO_RIGHTS, e: true } });
    expect(screen.getByLabelText(/名称/)).toBeDisabled();
    expect(screen.getByLabelText("启用")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "关闭" }));
    expect(p.onClose).toHaveBeenCalledTimes(1);
    unmount();

    renderBlock(<RoomEditor id={7} {...props()} />, { rights: { ...NO_RIGHTS, e: true } });
    expect(screen.getByLabelText(/名称/)).toBeEnabled();
    expect(screen.getByRole("button", { name: "取消" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "保存" })).toBeInTheDocument();
  });

  it("puts extra actions between 关闭 and 保存", async () => {
    const onEdit = vi.fn();
    renderBlock(<RoomEditor id={7} {...props()} onEdit={onEdit} />, { rights: { ...NO_RIGHTS, a: true } });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["关闭", "编辑"]);
    await userEvent.click(screen.getByRole("button", { name: "编辑" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
