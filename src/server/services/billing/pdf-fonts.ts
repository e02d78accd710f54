// The typeface of our documents: Noto Sans, embedded (only the glyphs a document uses). The standard PDF fonts
// (Helvetica) carry WinAnsi only: « Łukasz Żółć », « Ayşe Yılmaz » or « Nguyễn Văn An », names the forms accept, came
// out of an invoice as other letters. Noto Sans covers the Latin alphabets with their accents, Greek and Cyrillic.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fontFile = (weight: string) =>
  readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`));

let files: { regular: Buffer; bold: Buffer } | undefined;

/** The names a document draws with (`doc.font(TEXT)`), once `embedDocumentFonts` has given them to it. */
export const TEXT = 'Texte';
export const TEXT_BOLD = 'Texte-Gras';

/** Gives the document our two weights; the files are read once per process (each PDF embeds its own subset). */
export function embedDocumentFonts(doc: PDFKit.PDFDocument) {
  files ??= { regular: fontFile('400Regular'), bold: fontFile('700Bold') };
  doc.registerFont(TEXT, files.regular);
  doc.registerFont(TEXT_BOLD, files.bold);
  doc.font(TEXT);
}
