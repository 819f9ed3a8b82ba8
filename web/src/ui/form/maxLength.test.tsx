import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { optText, requiredText } from "@xiangyu/core/kernel/fields";
import { renderBlock } from "../test-utils.tsx";
import { useSchemaForm } from "./useSchemaForm.ts";
import { Field } from "./Field.tsx";
import { TextArea, TextInput } from "./inputs.tsx";

// The server's own builders and messages: the form must say exactly what the route would.
const Schema = v.object({ name: requiredText("名称不能为空", 10, "名称不能超过10个字"), remark: optText(20, "备注不能超过20个字") });

function NameForm({ onSave }: { onSave: (out: v.InferOutput<typeof Schema>) => void }) {
  const form = useSchemaForm(Schema, { name: "", remark: "" });
  return (
    <form noValidate onSubmit={form.submit(onSave)}>
      <Field label="名称" required error={form.errors.name}>
        <TextInput {...form.field("name")} maxLength={10} />
      </Field>
      <Field label="备注" error={form.errors.remark}>
        <TextArea {...form.field("remark")} maxLength={20} />
      </Field>
      <button type="submit">保存</button>
    </form>
  );
}

describe("a text control's maxLength is the field's limit, never a silent cut", () => {
  it("keeps a pasted value whole and refuses it at once with the server's message and a red counter", async () => {
    const onSave = vi.fn();
    renderBlock(<NameForm onSave={onSave} />);
    const name = screen.getByLabelText(/名称/);
    // The browser's attribute is what cut pasted text: it must not be on the control.
    expect(name).not.toHaveAttribute("maxlength");
    await userEvent.click(name);
    await userEvent.paste("广州天河珠江新城会员中心酒店");
    expect(name).toHaveValue("广州天河珠江新城会员中心酒店");
    // Shown before the field is left.
    expect(await screen.findByText("名称不能超过10个字")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("14/10")).toHaveClass("text-red-600");

    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(onSave).not.toHaveBeenCalled();

    // Back within the limit, the stale message goes as the user types.
    await userEvent.click(name);
    for (let i = 0; i < 4; i++) await userEvent.keyboard("{Backspace}");
    expect(screen.queryByText("名称不能超过10个字")).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("10/10")).not.toHaveClass("text-red-600");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(onSave).toHaveBeenCalledWith({ name: "广州天河珠江新城会员", remark: "" });
  });

  it("counts a text area always and refuses an over-long remark the same way", async () => {
    renderBlock(<NameForm onSave={vi.fn()} />);
    const remark = screen.getByLabelText("备注");
    expect(remark).not.toHaveAttribute("maxlength");
    expect(screen.getByText("0/20")).toBeInTheDocument();
    await userEvent.click(remark);
    await userEvent.paste("一二三四五六七八九十一二三四五六七八九十一");
    expect(remark).toHaveValue("一二三四五六七八九十一二三四五六七八九十一");
    expect(await screen.findByText("备注不能超过20个字")).toBeInTheDocument();
    expect(screen.getByText("21/20")).toHaveClass("text-red-600");
  });

  it("shows no counter on a short input far from its limit", async () => {
    renderBlock(<NameForm onSave={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/名称/), "华南");
    expect(screen.queryByText("2/10")).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/名称/), "分公司广州店");
    expect(screen.getByText("8/10")).toBeInTheDocument();
  });
});
