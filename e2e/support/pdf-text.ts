import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

// WinAnsi bytes that differ from Latin-1 and that a statement uses.
const WIN_ANSI: Record<number, string> = { 133: '…', 149: '•', 150: '–', 151: '—' };

/** Every text the PDF's pages draw (pdf-lib writes each as a hex string shown with Tj). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref))
        : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        const raw = Buffer.from(hex as string, 'hex');
        lines.push(Array.from(raw, (b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''));
      }
    }
  }
  return lines.join('\n');
}
