import { useEffect, useState } from "react";

/**
 * An otpauth URI as a QR code: uqr's module matrix drawn as one SVG path, uqr loaded only when a
 * code is shown (the sign-in enrolment, the user menu's 两步验证).
 */
export function QrCode({ text, label = "两步验证二维码" }: { text: string; label?: string }) {
  const [cells, setCells] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import("uqr").then(({ encode }) => live && setCells(encode(text, { ecc: "M", border: 2 }).data));
    return () => {
      live = false;
    };
  }, [text]);
  if (!cells) return <div className="h-44 w-44 animate-pulse rounded bg-gray-100" aria-label="正在生成二维码" />;
  const n = cells.length;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${n} ${n}`} className="h-44 w-44 bg-white" shapeRendering="crispEdges">
      <path d={cells.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ""))).join("")} fill="#111" />
    </svg>
  );
}
