import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderBlock } from "../test-utils.tsx";
import { OrgNodeInput } from "@xiangyu/core/org/schemas";
import { useSchemaForm, type Values } from "./useSchemaForm.ts";
import { Field } from "./Field.tsx";
import { NumberInput, RadioGroup, Select, TextInput } from "./inputs.tsx";

function NodeForm({ initial, onSave }: { initial: Partial<Values<typeof OrgNodeInput>>; onSave: (out: OrgNodeInput) => void }) {
  // A new node: the fields left out take their defaults.
  const form = useSchemaForm(OrgNodeInput, initial as Values<typeof OrgNodeInput>, { hidden: ["parentId", "orgType"] });
  return (
    <form onSubmit={form.submit(onSave)}>
      <Field label="名称" required error={form.errors.orgName}>
        <TextInput {...form.field("orgName")} />
      </Field>
      <Field label="排序" error={form.errors.seq}>
        <NumberInput {...form.field("seq")} />
      </Field>
      <Field label="状态">
        <RadioGroup
          {...form.field("idisplay")}
          options={[
            { value: 1, label: "启用" },
            { value: 2, label: "禁用" },
          ]}
        />
      </Field>
      <Field label="签证">
        <Select
          {...form.field("address")}
          options={[
            { value: "热门免签", label: "热门免签" },
            { value: "落地签", label: "落地签" },
          ]}
          placeholder="无"
        />
      </Field>
      <button type="submit">保存</button>
    </form>
  );
}

describe("useSchemaForm with the shared organisation schema", () => {
  it("shows the schema's message when a required field is left, and clears it as the user types", async () => {
    renderBlock(<NodeForm initial={{ parentId: 0, orgType: "dept", orgName: "" }} onSave={vi.fn()} />);
    const name = screen.getByLabelText(/名称/);
    await userEvent.click(name);
    await userEvent.tab();
    expect(await screen.findByText("请输入名称")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(name, "华南");
    expect(screen.queryByText("请输入名称")).not.toBeInTheDocument();
  });

  it("refuses an invalid submit with 部分必填项没填写 and marks every failing field", async () => {
    const onSave = vi.fn();
    renderBlock(<NodeForm initial={{ parentId: 0, orgType: "dept", orgName: "", seq: 0 }} onSave={onSave} />);
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("部分必填项没填写")).toBeInTheDocument();
    expect(screen.getByText("请输入名称")).toBeInTheDocument();
    expect(screen.getByText("排序不能小于1")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("says 数据不完整 when a field the user cannot see is missing", async () => {
    const onSave = vi.fn();
    renderBlock(<NodeForm initial={{ parentId: 0, orgType: "", orgName: "三亚" }} onSave={onSave} />);
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("数据不完整，请刷新页面重新编辑。")).toBeInTheDocument();
    expect(screen.queryByText("部分必填项没填写")).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("hands the schema's output (trimmed, numbers converted, defaults filled) to the save", async () => {
    const onSave = vi.fn();
    renderBlock(<NodeForm initial={{ parentId: "3", orgType: "destination", orgName: "", idisplay: 1 }} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText(/名称/), "  三亚 ");
    await userEvent.type(screen.getByLabelText("排序"), "5");
    await userEvent.click(screen.getByLabelText("禁用"));
    await userEvent.selectOptions(screen.getByLabelText("签证"), "落地签");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][0]).toMatchObject({ parentId: 3, orgType: "destination", orgName: "三亚", seq: 5, idisplay: 2, address: "落地签", branchId: 0 });
  });
});
