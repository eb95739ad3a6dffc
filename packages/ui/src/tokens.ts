/**
 * Design tokens as data, mirrored one-to-one by the custom properties in tokens.css
 * (`tokens.test.ts` fails if the two drift). Use CSS variables in styles; use this object only
 * where JS needs a value, e.g. a media query in a hook or a canvas colour.
 */
export const tokens = {
  color: {
    primary: '#1e3a8a',
    primaryHover: '#1b3368',
    primaryActive: '#162a56',
    onPrimary: '#ffffff',
    primarySoft: '#eff4ff',
    accent: '#f5b942',
    accentHover: '#f2a93b',
    onAccent: '#0f1f3d',
    link: '#1d4ed8',
    heading: '#0f1f3d',
    text: '#1f2937',
    textMuted: '#4b5563',
    textInverse: '#ffffff',
    bg: '#ffffff',
    bgSubtle: '#f6f7f9',
    bgMuted: '#eef0f3',
    border: '#d6dae1',
    borderStrong: '#6b7280',
    success: '#15803d',
    successSoft: '#ecfdf3',
    successText: '#14532d',
    warning: '#b45309',
    warningSoft: '#fffbeb',
    warningText: '#92400e',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fef2f2',
    dangerText: '#7f1d1d',
    infoSoft: '#eff4ff',
    infoText: '#1e3a8a',
    focus: '#2563eb',
    focusInverse: '#fcd34d',
    progress: '#dc2626',
  },
  font: {
    /** Figtree (fonts.css), then its metric-matched fallback, then the platform's faces. */
    sans: 'Figtree, "Figtree Fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5', relaxed: '1.7' },
  /** The type scale (docs/brand.md): size, line height, letter spacing and weight per role. */
  type: {
    displaySize: 'clamp(2.25rem, 1.6rem + 2.8vw, 3.5rem)',
    displayLineHeight: '1.08',
    displayTracking: '-0.03em',
    displayWeight: '800',
    h1Size: 'clamp(1.875rem, 1.55rem + 1.4vw, 2.5rem)',
    h1LineHeight: '1.15',
    h1Tracking: '-0.025em',
    h1Weight: '750',
    h2Size: 'clamp(1.5rem, 1.35rem + 0.65vw, 1.875rem)',
    h2LineHeight: '1.2',
    h2Tracking: '-0.02em',
    h2Weight: '700',
    h3Size: '1.25rem',
    h3LineHeight: '1.3',
    h3Tracking: '-0.01em',
    h3Weight: '650',
    bodySize: '1rem',
    bodyLineHeight: '1.6',
    bodyTracking: '0',
    smallSize: '0.875rem',
    smallLineHeight: '1.5',
    smallTracking: '0.005em',
  },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
    '16': '4rem',
    '20': '5rem',
    '24': '6rem',
    section: 'clamp(3rem, 2rem + 4vw, 5rem)',
  },
  radius: { sm: '4px', md: '6px', lg: '10px', full: '9999px' },
  shadow: {
    sm: '0 1px 2px rgb(15 31 61 / 0.08)',
    md: '0 4px 12px rgb(15 31 61 / 0.12)',
    lg: '0 12px 32px rgb(15 31 61 / 0.18)',
  },
  focusRing: { width: '3px', offset: '2px' },
  zIndex: { dropdown: '1000', sticky: '1100', overlay: '1300', dialog: '1400', toast: '1500' },
  duration: { fast: '120ms', normal: '200ms' },
  /** Media queries cannot read custom properties, so styles.css repeats these numbers. */
  breakpoint: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  /** Spec 9: the sidebar is 12rem, 5rem in narrow mode, and a drawer below the md breakpoint. */
  size: {
    container: '72rem',
    /** A comfortable line length for running text. */
    measure: '68ch',
    sidebar: '12rem',
    sidebarNarrow: '5rem',
    controlSm: '2rem',
    controlMd: '2.75rem',
    controlLg: '3.25rem',
  },
} as const;

export type Tokens = typeof tokens;
export type TokenGroup = keyof Tokens;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--ln-color-primary` for `('color', 'primary')`. */
export function tokenName<G extends TokenGroup>(group: G, key: keyof Tokens[G] & string): string {
  return `--ln-${kebab(group)}-${kebab(key)}`;
}

/** `var(--ln-color-primary)`, for inline styles that should follow the CSS tokens. */
export function tokenVar<G extends TokenGroup>(group: G, key: keyof Tokens[G] & string): string {
  return `var(${tokenName(group, key)})`;
}

type ColorName = keyof Tokens['color'];

/**
 * Text/background pairs the components use. Each must reach WCAG AA 4.5:1
 * (`min` is 3 for non-text pairs: control borders and focus rings, WCAG 1.4.11).
 */
export const COLOR_PAIRS: ReadonlyArray<{ fg: ColorName; bg: ColorName; min: number }> = [
  { fg: 'text', bg: 'bg', min: 4.5 },
  { fg: 'text', bg: 'bgSubtle', min: 4.5 },
  { fg: 'text', bg: 'bgMuted', min: 4.5 },
  { fg: 'heading', bg: 'bg', min: 4.5 },
  { fg: 'textMuted', bg: 'bg', min: 4.5 },
  { fg: 'textMuted', bg: 'bgSubtle', min: 4.5 },
  { fg: 'textMuted', bg: 'bgMuted', min: 4.5 },
  { fg: 'link', bg: 'bg', min: 4.5 },
  { fg: 'link', bg: 'bgSubtle', min: 4.5 },
  { fg: 'primary', bg: 'bg', min: 4.5 },
  { fg: 'primary', bg: 'primarySoft', min: 4.5 },
  { fg: 'onPrimary', bg: 'primary', min: 4.5 },
  { fg: 'onPrimary', bg: 'primaryHover', min: 4.5 },
  { fg: 'onPrimary', bg: 'primaryActive', min: 4.5 },
  { fg: 'onAccent', bg: 'accent', min: 4.5 },
  { fg: 'onAccent', bg: 'accentHover', min: 4.5 },
  { fg: 'textInverse', bg: 'success', min: 4.5 },
  { fg: 'textInverse', bg: 'warning', min: 4.5 },
  { fg: 'textInverse', bg: 'danger', min: 4.5 },
  { fg: 'textInverse', bg: 'dangerHover', min: 4.5 },
  { fg: 'success', bg: 'bg', min: 4.5 },
  { fg: 'danger', bg: 'bg', min: 4.5 },
  { fg: 'danger', bg: 'bgSubtle', min: 4.5 },
  { fg: 'successText', bg: 'successSoft', min: 4.5 },
  { fg: 'warningText', bg: 'warningSoft', min: 4.5 },
  { fg: 'dangerText', bg: 'dangerSoft', min: 4.5 },
  { fg: 'infoText', bg: 'infoSoft', min: 4.5 },
  { fg: 'borderStrong', bg: 'bg', min: 3 },
  { fg: 'focus', bg: 'bg', min: 3 },
  { fg: 'focus', bg: 'bgSubtle', min: 3 },
  { fg: 'focusInverse', bg: 'primary', min: 3 },
];
