/** A LIKE pattern matching `text` literally anywhere ('%' and '_' typed in a search box are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
