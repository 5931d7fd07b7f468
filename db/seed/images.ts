/**
 * Demo pictures drawn here as SVG and encoded to WebP by sharp: no downloads and no fonts needed.
 * Each category has its own motif and palette, so the demo shop reads at a glance.
 */

const PALETTES: Record<number, [string, string, string]> = {
  1: ["#1f6f3f", "#4caf50", "#c8f7c5"], // Sativa: green
  2: ["#6e1f2a", "#d9463b", "#ffd0c8"], // Indica: red
  3: ["#7a3b0c", "#f28c28", "#ffe0b8"], // Hybrid: orange
  4: ["#3e2466", "#8e5bd8", "#e6d6ff"], // Accessories: purple
  5: ["#6b4a00", "#f2b705", "#fff0b3"], // Food: amber
};

function leaf(colour: string, light: string): string {
  const blades = [
    { angle: 0, length: 150, width: 26 },
    { angle: -32, length: 128, width: 23 },
    { angle: 32, length: 128, width: 23 },
    { angle: -64, length: 100, width: 19 },
    { angle: 64, length: 100, width: 19 },
    { angle: -100, length: 62, width: 13 },
    { angle: 100, length: 62, width: 13 },
  ];
  const shapes = blades
    .map(
      (b) =>
        `<ellipse cx="300" cy="${340 - b.length}" rx="${b.width}" ry="${b.length}" fill="${colour}" stroke="${light}" ` +
        `stroke-width="3" transform="rotate(${b.angle} 300 340)"/>`,
    )
    .join("");
  return `${shapes}<rect x="294" y="330" width="12" height="120" rx="6" fill="${colour}"/>`;
}

function motif(category: number, variant: number, colour: string, light: string): string {
  switch (category) {
    case 5:
      return variant % 2 === 0
        ? `<rect x="170" y="190" width="260" height="220" rx="34" fill="#5a3418" stroke="${light}" stroke-width="6"/>
           <circle cx="230" cy="250" r="14" fill="${light}"/><circle cx="350" cy="270" r="12" fill="${light}"/>
           <circle cx="290" cy="340" r="16" fill="${light}"/><circle cx="380" cy="360" r="10" fill="${light}"/>`
        : `<circle cx="230" cy="260" r="70" fill="${colour}" opacity="0.95"/><circle cx="370" cy="260" r="70" fill="#f0642b"/>
           <circle cx="300" cy="370" r="70" fill="#8fd14f"/>`;
    case 4:
      return variant % 2 === 0
        ? `<circle cx="300" cy="300" r="150" fill="${colour}" stroke="${light}" stroke-width="10"/>
           <circle cx="300" cy="300" r="95" fill="none" stroke="${light}" stroke-width="8" stroke-dasharray="18 14"/>
           <circle cx="300" cy="300" r="30" fill="${light}"/>`
        : `<rect x="150" y="265" width="240" height="60" rx="30" fill="${colour}" stroke="${light}" stroke-width="6"/>
           <circle cx="410" cy="270" r="62" fill="${colour}" stroke="${light}" stroke-width="6"/>
           <circle cx="410" cy="255" r="30" fill="#1b1b1b"/>`;
    default:
      return leaf(colour, light);
  }
}

export function productSvg(category: number, variant: number): string {
  const [dark, mid, light] = PALETTES[category] ?? PALETTES[1]!;
  const angle = (variant * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs>
      <radialGradient id="bg" cx="35%" cy="30%" r="85%">
        <stop offset="0%" stop-color="${mid}"/><stop offset="100%" stop-color="${dark}"/>
      </radialGradient>
    </defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    <g transform="rotate(${angle} 300 300)" opacity="0.18">
      <circle cx="80" cy="90" r="120" fill="${light}"/><circle cx="540" cy="520" r="160" fill="${light}"/>
    </g>
    <circle cx="300" cy="300" r="215" fill="#ffffff" opacity="0.12"/>
    ${motif(category, variant, variant % 2 === 0 ? dark : mid, light)}
  </svg>`;
}

export function shopLogoSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0%" stop-color="hsl(${hue} 70% 62%)"/><stop offset="100%" stop-color="hsl(${hue + 30} 70% 40%)"/>
    </linearGradient></defs>
    <circle cx="128" cy="128" r="128" fill="url(#sky)"/>
    <circle cx="170" cy="92" r="30" fill="#ffe08a"/>
    <path d="M0 170 Q 32 150 64 170 T 128 170 T 192 170 T 256 170 V256 H0Z" fill="#0e6e8c"/>
    <path d="M0 200 Q 32 182 64 200 T 128 200 T 192 200 T 256 200 V256 H0Z" fill="#0a4f66"/>
    <path d="M78 170 C 80 130 88 100 96 84" stroke="#4a3320" stroke-width="8" fill="none"/>
    <path d="M96 84 C 70 70 52 78 44 92 M96 84 C 112 62 134 62 146 72 M96 84 C 90 60 100 44 116 40"
      stroke="#2f8f46" stroke-width="10" fill="none" stroke-linecap="round"/>
  </svg>`;
}

export function licenceSvg(): string {
  const lines = Array.from({ length: 9 }, (_, i) => {
    const width = 420 - ((i * 53) % 160);
    return `<rect x="90" y="${300 + i * 46}" width="${width}" height="14" rx="7" fill="#c9ced6"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="990" viewBox="0 0 700 990">
    <rect width="700" height="990" fill="#eef1f4"/>
    <rect x="40" y="40" width="620" height="910" rx="18" fill="#ffffff" stroke="#1f6f3f" stroke-width="10"/>
    <rect x="64" y="64" width="572" height="862" rx="10" fill="none" stroke="#1f6f3f" stroke-width="2"/>
    <rect x="170" y="120" width="360" height="30" rx="15" fill="#1f6f3f"/>
    <rect x="220" y="176" width="260" height="18" rx="9" fill="#6b7785"/>
    ${lines}
    <circle cx="520" cy="800" r="80" fill="none" stroke="#b3261e" stroke-width="8"/>
    <circle cx="520" cy="800" r="58" fill="none" stroke="#b3261e" stroke-width="3" stroke-dasharray="10 6"/>
    <path d="M110 820 C 150 770 190 860 230 800 S 300 790 330 815" stroke="#1b2a4a" stroke-width="5" fill="none"/>
  </svg>`;
}

export async function writeWebp(svg: string, file: string): Promise<void> {
  // Loaded when a picture is drawn: sharp and libvips hold ~20 MB a store that never draws one need not.
  const { default: sharp } = await import("sharp");
  await sharp(Buffer.from(svg)).webp({ quality: 82 }).toFile(file);
}
