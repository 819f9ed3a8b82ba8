import { toast } from "../../lib/toast.ts";
import { Button } from "../Button.tsx";

/** Copies a text to the clipboard (R069): '复制成功', or '不支持复制，请尝试手动复制'. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure page): try the older way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({ text, label = "复制" }: { text: string; label?: string }) {
  return (
    <Button
      size="sm"
      variant="link"
      onClick={async () => {
        if (await copyText(text)) toast.success("复制成功");
        else toast.error("不支持复制，请尝试手动复制");
      }}
    >
      {label}
    </Button>
  );
}
