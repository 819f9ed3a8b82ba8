import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { StrictMode, useState } from "react";
import userEvent from "@testing-library/user-event";
import { Field } from "./Field.tsx";
import { TextInput } from "./inputs.tsx";

/** No id twice on a page: a row with two controls gives the field's id to the first one only. */
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
        <TextInput aria-label="姓名" value={name} onChange={setName} />
        <TextInput aria-label="手机号" value={mobile} onChange={setMobile} />
      </Field>
      <Field label="备注">
        <TextInput value={more ? "x" : ""} onChange={() => setMore(true)} />
      </Field>
    </>
  );
}

describe("Field", () => {
  it("gives its id to one control only, so a row of two controls repeats no id", async () => {
    render(
      <StrictMode>
        <Occupant />
        <Occupant />
      </StrictMode>,
    );
    expect(duplicates()).toEqual([]);
    const [name] = screen.getAllByRole("textbox", { name: "姓名" });
    expect(screen.getAllByLabelText("入住人")[0]).toBe(name);
    // Typing re-renders both controls: the first keeps the field's id.
    await userEvent.type(screen.getAllByRole("textbox", { name: "手机号" })[0]!, "139");
    expect(duplicates()).toEqual([]);
    expect(screen.getAllByLabelText("入住人")[0]).toBe(name);
    expect(screen.getAllByLabelText("备注")).toHaveLength(2);
  });
});
