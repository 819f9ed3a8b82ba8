import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NO_RIGHTS } from "../../lib/screen.tsx";
import { renderBlock } from "../test-utils.tsx";
import { AddButton } from "./ListActions.tsx";

describe("AddButton", () => {
  it("offers 新增 to one who holds A", async () => {
    const onClick = vi.fn();
    renderBlock(<AddButton onClick={onClick}>新增客房</AddButton>, { rights: { ...NO_RIGHTS, a: true } });
    await userEvent.click(screen.getByRole("button", { name: "新增客房" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is not there without A, whatever else is held", () => {
    renderBlock(<AddButton onClick={() => {}}>新增客房</AddButton>, { rights: { a: false, d: true, e: true, p: true, r: true, s: true } });
    expect(screen.queryByRole("button", { name: "新增客房" })).not.toBeInTheDocument();
  });
});
