import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, renderBlock } from "../test-utils.tsx";
import { NO_RIGHTS } from "../../lib/screen.tsx";
import { RowActions } from "./RowActions.tsx";

describe("RowActions", () => {
  it("edits and deletes by name with E and D", async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderBlock(<RowActions name="线上推广" onEdit={onEdit} onDelete={onDelete} />, { rights: ALL_RIGHTS });
    await userEvent.click(screen.getByRole("button", { name: "编辑：线上推广" }));
    await userEvent.click(screen.getByRole("button", { name: "删除：线上推广" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("only shows without E, hides delete without D, and keeps a blocked delete off with its reason", () => {
    const { unmount } = renderBlock(<RowActions name="a" onEdit={() => {}} onDelete={() => {}} />, { rights: NO_RIGHTS });
    expect(screen.getByRole("button", { name: "查看：a" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除：a" })).not.toBeInTheDocument();
    unmount();
    renderBlock(<RowActions name="b" locked deleteBlocked="该单已完成购买，不允许删除" onEdit={() => {}} onDelete={() => {}} />, { rights: ALL_RIGHTS });
    expect(screen.getByRole("button", { name: "查看：b" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "删除：b" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "删除：b" })).toHaveAttribute("title", "该单已完成购买，不允许删除");
  });
});
