export { BrandMark, Logo, type LogoProps } from './logo.tsx';
export { MARK_SHAPES, MARK_VIEWBOX, type MarkShape, markShapesSvg, markSvg } from './mark.ts';
