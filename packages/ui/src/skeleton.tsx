/**
 * The shape of what is loading, in place of a line of "Loading…" text (issue 47): grey bars where
 * the heading and lines will be, so the page does not jump when they arrive. Screen readers hear
 * the label once; the bars are decoration.
 */
export function Skeleton({
  label = 'Loading…',
  heading = true,
  lines = 3,
}: {
  /** What is loading, read by screen readers; null when a status line beside it says so. */
  label?: string | null;
  heading?: boolean;
  lines?: number;
}) {
  return (
    <div
      className="ln-skeleton"
      {...(label === null ? { 'aria-hidden': true } : { role: 'status' })}
    >
      {label === null ? null : <span className="ln-visually-hidden">{label}</span>}
      {heading ? <span className="ln-skeleton__bar ln-skeleton__bar--heading" aria-hidden /> : null}
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="ln-skeleton__bar" aria-hidden />
      ))}
    </div>
  );
}
