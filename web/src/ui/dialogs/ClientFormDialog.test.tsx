import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { mockApi, renderBlock } from "../test-utils.tsx";
import { useSchemaForm } from "../form/useSchemaForm.ts";
import { TextInput } from "../form/inputs.tsx";
import { Field } from "../form/Field.tsx";
import type { FoundClient } from "../pickers/ClientFinder.tsx";
import { ClientFormDialog } from "./ClientFormDialog.tsx";

const Gift = v.object({
  clientId: v.pipe(
    v.unknown(),
    v.check((x) => x !== "", "客户不能为空"),
  ),
  remark: v.string(),
});
const ZHANG: FoundClient = { id: 7, clientName: "张三", mobile: "13800000007", memberCode: "", shop: "", status: 2 };

function Harness({ send, onClose, onClient }: { send: (values: unknown) => void; onClose: () => void; onClient: (c: FoundClient | null) => void }) {
  const [client, setClient] = useState<FoundClient | null>(null);
  const form = useSchemaForm(Gift, { clientId: "", remark: "" });
  return (
    <ClientFormDialog title="赠送房券" form={form} client={client} onClient={(c) => (setClient(c), onClient(c))} onSubmit={form.submit(() => send(form.values))} onClose={onClose}>
      <Field label="备注">
        <TextInput {...form.field("remark")} />
      </Field>
    </ClientFormDialog>
  );
}

describe("ClientFormDialog", () => {
  it("refuses a send without a client, then sends the picked client's id with the other fields", async () => {
    mockApi({ "GET /xiangyu/api/client/searchclient": () => ({ code: "200", desc: "", dataList: [ZHANG] }) });
    const send = vi.fn();
    const onClient = vi.fn();
    renderBlock(<Harness send={send} onClose={vi.fn()} onClient={onClient} />);
    const dialog = screen.getByRole("dialog", { name: "赠送房券" });
    await userEvent.type(within(dialog).getByLabelText("备注"), "生日");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("客户不能为空")).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole("combobox", { name: /客户/ }), "张三");
    await userEvent.click(await screen.findByRole("option", { name: /张三 13800000007/ }));
    expect(onClient).toHaveBeenLastCalledWith(ZHANG);
    await waitFor(() => expect(within(dialog).queryByText("客户不能为空")).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ clientId: 7, remark: "生日" }));
  });

  it("empties the form's client when the choice is cleared, and 取消 closes without sending", async () => {
    mockApi({ "GET /xiangyu/api/client/searchclient": () => ({ code: "200", desc: "", dataList: [ZHANG] }) });
    const send = vi.fn();
    const onClose = vi.fn();
    renderBlock(<Harness send={send} onClose={onClose} onClient={vi.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "赠送房券" });
    await userEvent.type(within(dialog).getByRole("combobox", { name: /客户/ }), "张三");
    await userEvent.click(await screen.findByRole("option", { name: /张三 13800000007/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "清除客户" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("客户不能为空")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });
});
