import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { StrictMode, useState } from "react";
import userEvent from "@testing-library/user-event";
import { Field } from "./Field.tsx";
import { TextInput } from "./inputs.tsx";

/** No id twice on a page: a control that names itself (aria-label) leaves the field's id alone. */
const duplicates = () => {
  const seen = new Map<string, number>();
  for (const e of document.querySelectorAll("[id]")) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
};

function Occupant() {
  const [name, setName] = useState("");
  const [mobile, setMobile] = useState("");
  const [more, setMore] = useState(false);
  return (
    <>
      <Field label="入住人">
        <TextInput aria-label="姓名" value={name} onChange={(v) => setName(String(v))} />
        <TextInput aria-label="手机号" value={mobile} onChange={(v) => setMobile(String(v))} />
      </Field>
      <Field label="备注">
        <TextInput value={more ? "x" : ""} onChange={() => setMore(true)} />
      </Field>
    </>
  );
}

describe("Field", () => {
  it("gives its id only to a control that does not name itself, so a row of two controls repeats no id", async () => {
    render(
      <StrictMode>
        <Occupant />
        <Occupant />
      </StrictMode>,
    );
    expect(duplicates()).toEqual([]);
    expect(screen.getAllByRole("textbox", { name: "姓名" })).toHaveLength(2);
    await userEvent.type(screen.getAllByRole("textbox", { name: "手机号" })[0]!, "139");
    expect(duplicates()).toEqual([]);
    // A control without a name of its own is named by the row's label.
    expect(screen.getAllByLabelText("备注")).toHaveLength(2);
  });
});
