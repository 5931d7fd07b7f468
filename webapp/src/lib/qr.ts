import qrcode from "qrcode-generator";

/**
 * The modules of a QR code for `text`: true is dark. The smallest version that holds it, error correction
 * level Q (spec §9: the standard limits, Q by default), so a scuffed phone screen still scans.
 */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, "Q");
  code.addData(text, "Byte");
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

/** One SVG path drawing every dark module as a 1×1 square, in module units. */
export function qrPath(modules: boolean[][]): string {
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}
