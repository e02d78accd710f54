import { extractTextItems, type StructuredTextItem } from 'unpdf';

/** Pieces whose baselines are this close (in points) sit on one line, as a reader sees them. */
const SAME_LINE = 2;
/** A gap wider than this (in points) between two pieces of a line reads as a space. */
const WORD_GAP = 1;

/**
 * The text of a PDF as a person reads it: line by line from the top, each line's pieces from the left, one space
 * between them (runs of spaces and tabs become one), pages separated by a form feed. Tests read invoices and credit
 * notes back with it, through pdf.js (unpdf), so no program of the machine is needed.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // pdf.js takes the bytes over (it detaches their buffer): it gets a copy, the caller's Buffer stays usable.
  const { items } = await extractTextItems(new Uint8Array(pdf));
  return items.map((page) => linesOf(page.filter((item) => item.str.trim() !== '')).join('\n')).join('\n\f');
}

function linesOf(pieces: StructuredTextItem[]): string[] {
  const lines: StructuredTextItem[][] = [];
  // From the top of the page (a PDF's y grows upwards), then from the left.
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - piece.y) <= SAME_LINE) line.push(piece);
    else lines.push([piece]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const piece of line) {
      text += text && piece.x - end > WORD_GAP ? ` ${piece.str}` : piece.str;
      end = piece.x + piece.width;
    }
    return text.replace(/[ \t]+/g, ' ').trim();
  });
}
