// Embedding: the theme and accent from the fragment, and the page's height posted to the parent window
// (`{ type: "svc:resize", height }`) so the embedder can size its iframe to the content.

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
};
const hexOf = (rgb: Rgb) => "#" + rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("");

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}
const contrast = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

// The page backgrounds of theme.css: the accent is also the colour of links, so it must read on both.
const BACKGROUNDS: Record<"light" | "dark", Rgb[]> = {
  light: [rgbOf("#ffffff"), rgbOf("#f7f8fa"), rgbOf("#f1f3f6")],
  dark: [rgbOf("#171b23"), rgbOf("#0f1218"), rgbOf("#1f2430")],
};

/**
 * The embedder's accent, nudged towards white (dark theme) or black (light theme) until links in it reach
 * WCAG AA (4.5:1) on every background: an accent chosen for a light product stays legible in dark mode.
 */
export function readableAccent(hex: string, scheme: "light" | "dark"): string {
  const base = rgbOf(hex);
  const towards: Rgb = scheme === "dark" ? [255, 255, 255] : [0, 0, 0];
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = base.map((c, i) => c + (towards[i]! - c) * t) as Rgb;
    if (BACKGROUNDS[scheme].every((bg) => contrast(mixed, bg) >= 4.5)) return hexOf(mixed);
  }
  return hexOf(towards);
}

/** Black or white text on the accent colour, whichever contrasts more. */
const textOn = (hex: string) =>
  contrast(rgbOf(hex), [255, 255, 255]) >= contrast(rgbOf(hex), [15, 18, 24]) ? "#ffffff" : "#0f1218";

const prefersDark = () => window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;

export function applyTheme(theme: "light" | "dark" | "auto", accent: string | undefined) {
  const root = document.documentElement;
  if (theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = theme;
  if (!accent) return;
  const paint = () => {
    const scheme = theme === "auto" ? (prefersDark() ? "dark" : "light") : theme;
    const colour = readableAccent(accent, scheme);
    root.style.setProperty("--accent", colour);
    root.style.setProperty("--accent-hover", colour);
    root.style.setProperty("--focus", colour);
    root.style.setProperty("--accent-text", textOn(colour));
  };
  paint();
  if (theme === "auto") window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener("change", paint);
}

/**
 * Posts the content height whenever it changes. The message carries only a number, so any parent may read it
 * (target "*"): the portal does not know its embedder's origin, and frame-ancestors decides who may embed.
 */
export function postHeight(target: HTMLElement) {
  if (window.parent === window) return;
  let last = -1;
  const send = () => {
    const height = Math.ceil(target.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "svc:resize", height }, "*");
  };
  new ResizeObserver(send).observe(target);
  send();
}
