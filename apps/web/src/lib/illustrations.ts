import type { ImageMetadata } from 'astro';
import type { SvgComponent } from 'astro/types';
import type { ServiceIcon, ServiceIllustration } from '../config/illustrations.ts';

/** An SVG file imported by Vite: a component that inlines it, with its URL and size. */
type Svg = SvgComponent & ImageMetadata;

// Every file, imported at build time: the images get hashed file names (cached for good), the
// icons' markup is inlined where they are used.
const illustrations = import.meta.glob<Svg>('../assets/illustrations/service-*.svg', {
  eager: true,
  import: 'default',
});
const icons = import.meta.glob<Svg>('../assets/illustrations/icons/*.svg', {
  eager: true,
  import: 'default',
});

const found = (files: Record<string, Svg>, path: string): Svg => {
  const svg = files[path];
  if (!svg) throw new Error(`No illustration at ${path}`);
  return svg;
};

/** A service page's hero illustration (`service-{name}.svg`). */
export const serviceIllustration = (name: ServiceIllustration) =>
  found(illustrations, `../assets/illustrations/service-${name}.svg`);

/** A service card's icon (`icons/{name}.svg`), to render inline. */
export const serviceIcon = (name: ServiceIcon) =>
  found(icons, `../assets/illustrations/icons/${name}.svg`);
