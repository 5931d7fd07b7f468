import { useEffect, useState } from "react";
import { qrModules, qrPath } from "../lib/qr";
import "./QrCode.css";

/** Modules of light border the standard asks for around the code. */
const QUIET_ZONE = 4;

/**
 * A QR code as crisp SVG, dark on white whatever the theme (scanners want contrast). Encoding is the longest
 * piece of work on an order page (it tries all eight masks), so it runs in a task of its own once the page has
 * painted, with a white square of the code's size meanwhile.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; modules: boolean[][] } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn({ text, modules: qrModules(text) }), 0);
    return () => clearTimeout(timer);
  }, [text]);

  const modules = drawn?.text === text ? drawn.modules : null;
  if (!modules) return <span className="qr-code qr-code--pending" aria-hidden="true" />;
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
