/** Joins the truthy class names: `cx('ln-btn', primary && 'ln-btn--primary')`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
