/**
 * PUBLIC_SITE_REBUILD_COMMAND as a program and its arguments (docs/decisions/028). The command is
 * run without a shell: words are split on spaces, "double" and 'single' quotes group words, and a
 * backslash outside single quotes takes the next character as it is. Pipes, redirections,
 * `&&`, `;`, `$VAR` and backquotes are refused here rather than passed on as literal words —
 * an operator who needs them writes a script and names it.
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command.charAt(i);
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= command.length) throw new Error('ends with a lone backslash');
      i++;
      word += command.charAt(i);
      started = true;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '$' || c === '`') throw new Error(`uses ${c}, which needs a shell`);
      else word += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      started = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
      continue;
    }
    if ('|&;<>()$`'.includes(c)) throw new Error(`uses ${c}, which needs a shell`);
    word += c;
    started = true;
  }
  if (quote) throw new Error('has a quote that is not closed');
  if (started) words.push(word);
  if (!words.length) throw new Error('is empty');
  return words;
}
