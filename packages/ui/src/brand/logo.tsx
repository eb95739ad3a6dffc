import { cx } from '../class-names.ts';
import { MARK_SHAPES, MARK_VIEWBOX, type MarkShape } from './mark.ts';

function Shape({ shape }: { shape: MarkShape }) {
  if (shape.kind === 'rect') {
    const { kind: _kind, ...rect } = shape;
    return <rect {...rect} />;
  }
  return shape.stroke ? (
    <path
      d={shape.d}
      fill="none"
      stroke={shape.stroke}
      strokeWidth={shape.strokeWidth}
      strokeLinecap="round"
    />
  ) : (
    <path d={shape.d} fill={shape.fill} />
  );
}

/** The lantern mark alone. Decorative: the control or text beside it names the site. */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={cx('ln-brand-mark', className)}
      width={size}
      height={size}
      viewBox={`0 0 ${MARK_VIEWBOX} ${MARK_VIEWBOX}`}
      aria-hidden="true"
      focusable="false"
    >
      {MARK_SHAPES.map((shape) => (
        <Shape key={shape.kind === 'rect' ? `r${shape.y}` : shape.d} shape={shape} />
      ))}
    </svg>
  );
}

export interface LogoProps {
  /** The site's name from settings (SITE_NAME): the wordmark. */
  siteName: string;
  /** The mark's size in CSS pixels. */
  markSize?: number;
  className?: string;
}

/**
 * Mark + wordmark, the logo of both front ends (public header and footer, dashboard header).
 * The wordmark is live text in the brand face, so it follows SITE_NAME and stays selectable.
 */
export function Logo({ siteName, markSize = 32, className }: LogoProps) {
  return (
    <span className={cx('ln-logo', className)}>
      <BrandMark size={markSize} />
      <span className="ln-logo__wordmark">{siteName}</span>
    </span>
  );
}
