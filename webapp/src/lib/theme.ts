/**
 * Telegram's theme colours onto the app's CSS variables (app/theme.css), readable whatever the client sends.
 * Telegram's own palettes are not made for text on every surface: its light theme's hint (#999 on white) is
 * 2.8:1 and its link and button blue 4.1:1. So every colour the app sets text in is moved toward black or
 * white, keeping its hue, until it reaches 4.5:1 on every surface it sits on (WCAG AA for body text), and the
 * button colour until its label reaches 4.5:1 on it. Pure functions: no SDK, no DOM (tests use them too).
 */

/** What Telegram sends in tgWebAppThemeParams (and `themeChanged`); every field is optional. */
export interface TelegramThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  header_bg_color?: string;
  bottom_bar_bg_color?: string;
  accent_text_color?: string;
  section_bg_color?: string;
  section_header_text_color?: string;
  section_separator_color?: string;
  subtitle_text_color?: string;
  destructive_text_color?: string;
}

type Rgb = readonly [number, number, number];

/** WCAG AA: body text on its background. */
const TEXT_CONTRAST = 4.5;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** The app's colours that mean something whatever the theme (theme.css), as text they must stay readable. */
const SEMANTIC = {
  "--hot-text": "#ff6a3d",
  "--danger-text": "#f0624f",
  "--amber-text": "#f4c968",
  "--info-text": "#5b9cff",
  "--success-text": "#3fbf7a",
} as const;

function parseColour(value: string | undefined): Rgb | null {
  if (!value) return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or light as the SDK decides it for `colorScheme` (perceived brightness under 120 of 255). */
function isDark([r, g, b]: Rgb): boolean {
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

/** `a` with `share` (0…1) of `b` mixed in. */
function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return [a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share, a[2] + (b[2] - a[2]) * share];
}

/**
 * `colour`, or the nearest colour on its way to black (on light surfaces) or white (on dark ones) that reaches
 * `min` against every one of `surfaces`.
 */
function readableOn(colour: Rgb, surfaces: readonly Rgb[], min = TEXT_CONTRAST): Rgb {
  const worst = (c: Rgb) => Math.min(...surfaces.map((surface) => contrast(c, surface)));
  if (worst(colour) >= min) return colour;
  const darkSurfaces = surfaces.reduce((sum, s) => sum + luminance(s), 0) / surfaces.length < 0.18;
  const target = darkSurfaces ? WHITE : BLACK;
  for (let share = 0.04; share < 1; share += 0.04) {
    const moved = mix(colour, target, share);
    if (worst(moved) >= min) return moved;
  }
  return target;
}

/** A button colour its label (`label`) reads on at `min`: moved away from the label's lightness. */
function buttonFor(button: Rgb, label: Rgb, min = TEXT_CONTRAST): Rgb {
  if (contrast(button, label) >= min) return button;
  const target = luminance(label) > 0.18 ? BLACK : WHITE;
  for (let share = 0.04; share < 1; share += 0.04) {
    const moved = mix(button, target, share);
    if (contrast(moved, label) >= min) return moved;
  }
  return target;
}

/**
 * The CSS variables for a Telegram theme: surfaces as Telegram gives them, every text colour readable on all
 * of them. Colours the theme leaves out keep the app's own (theme.css).
 */
export function themeVariables(theme: TelegramThemeParams, scheme?: "light" | "dark"): Record<string, string> {
  const bg = parseColour(theme.bg_color);
  const text = parseColour(theme.text_color);
  const colorScheme = scheme ?? (bg && isDark(bg) ? "dark" : bg ? "light" : "dark");
  const variables: Record<string, string> = { "color-scheme": colorScheme };
  // Without both the page's background and its text colour the app's dark palette stays whole.
  if (!bg || !text) return variables;
  const bgRaised = parseColour(theme.secondary_bg_color) ?? bg;
  const cardBg = parseColour(theme.section_bg_color) ?? parseColour(theme.secondary_bg_color) ?? bg;
  const cardBgRaised = mix(cardBg, text, 0.08);

  const button = parseColour(theme.button_color);
  const buttonText = parseColour(theme.button_text_color) ?? WHITE;
  const accent = button ? buttonFor(button, buttonText) : null;
  // Chips and picked options sit on the accent's tint over a card: text must read there too.
  const accentTint = accent ? mix(cardBg, accent, 0.14) : null;
  const surfaces = accentTint ? [bg, bgRaised, cardBg, cardBgRaised, accentTint] : [bg, bgRaised, cardBg, cardBgRaised];
  const readable = (colour: Rgb) => toHex(readableOn(colour, surfaces));

  const hint = parseColour(theme.hint_color) ?? parseColour(theme.subtitle_text_color) ?? mix(text, bg, 0.45);
  const link = parseColour(theme.link_color);
  const accentText = parseColour(theme.accent_text_color) ?? link ?? button;

  Object.assign(variables, {
    "--bg": toHex(bg),
    "--bg-raised": toHex(bgRaised),
    "--card-bg": toHex(cardBg),
    "--card-bg-raised": toHex(cardBgRaised),
    "--text": readable(text),
    "--hint": readable(hint),
    "--border": toHex(parseColour(theme.section_separator_color) ?? mix(cardBg, text, 0.16)),
    "--backdrop": colorScheme === "light" ? "rgb(0 0 0 / 0.45)" : "rgb(0 0 0 / 0.7)",
    // Category labels mix their colour with the text colour (ProductLabel.css): less of it on a light page.
    "--cat-text-share": colorScheme === "light" ? "40%" : "55%",
  });
  if (link) variables["--link"] = readable(link);
  if (accent) {
    variables["--accent"] = toHex(accent);
    variables["--on-accent"] = toHex(buttonText);
    variables["--accent-soft"] = toHex(accentTint!);
  }
  if (accentText) variables["--accent-strong"] = readable(accentText);
  for (const [name, colour] of Object.entries(SEMANTIC)) variables[name] = readable(parseColour(colour)!);
  return variables;
}
