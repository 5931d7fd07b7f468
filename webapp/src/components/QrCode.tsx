import { useMemo } from "react";
import { qrModules, qrPath } from "../lib/qr";
import "./QrCode.css";

/** Modules of light border the standard asks for around the code. */
const QUIET_ZONE = 4;

/** A QR code as crisp SVG, dark on white whatever the theme (scanners want contrast). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => qrModules(text), [text]);
  const size = modules.length + QUIET_ZONE * 2;
  return (
    <svg
      className="qr-code"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-modules={modules.length}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#0c1210" data-testid="qr-path" />
    </svg>
  );
}
