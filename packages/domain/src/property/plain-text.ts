/**
 * Text people type into the add-property form is stored and shown as plain text. Markup is
 * removed rather than escaped: an address never contains '<' or '>', so anything between them
 * is not part of one. Script and style bodies go with their tags; control characters (which
 * PostgreSQL's text type refuses when NUL) are dropped; runs of whitespace become one space.
 */
export function plainText(value: string): string {
  return (
    value
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[/!?]?[a-z][^>]*>/gi, ' ')
      .replace(/[<>]/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
