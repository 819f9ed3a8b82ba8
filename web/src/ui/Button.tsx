import type { ButtonHTMLAttributes, ReactNode } from "react";

/** The console's buttons: one primary action per area, quiet defaults, red only for destruction. */
export type ButtonVariant = "primary" | "default" | "danger" | "link";

const look: Record<ButtonVariant, string> = {
  primary: "border-blue-600 bg-blue-600 text-white hover:bg-blue-700 hover:border-blue-700",
  default: "border-slate-300 bg-white text-slate-700 hover:border-blue-500 hover:text-blue-600",
  danger: "border-red-600 bg-red-600 text-white hover:bg-red-700 hover:border-red-700",
  link: "border-transparent bg-transparent text-blue-600 hover:text-blue-800 px-1!",
};

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: "sm" | "md"; busy?: boolean; icon?: ReactNode };

export function Button({ variant = "default", size = "md", busy, icon, disabled, className = "", children, type = "button", ...rest }: Props) {
  const pad = size === "sm" ? "h-7 px-2 text-xs" : "h-8 px-3 text-sm";
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-1 rounded border whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${pad} ${look[variant]} ${className}`}
      {...rest}
    >
      {busy ? <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" /> : icon}
      {children}
    </button>
  );
}
