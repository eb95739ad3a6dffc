/** Text made safe to place in HTML content or a quoted attribute: the five special characters as entities. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
