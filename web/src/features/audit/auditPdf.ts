export type PdfSection = { heading: string; lines: readonly string[] };

// The standard PDF fonts cover Windows-1252 only: arrows and the like become plain ASCII.
const REPLACEMENTS: Record<string, string> = {
  '→': '->',
  '›': '>',
  '—': '-',
  '–': '-',
  '·': '-',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '…': '...',
};

export function pdfSafe(text: string): string {
  return [...text].map((c) => REPLACEMENTS[c] ?? (c.charCodeAt(0) > 0xff ? '?' : c)).join('');
}

const MARGIN = 40;
const LINE = 13;

/**
 * A plain A4 document: a title, a subtitle and sections of wrapped lines. jsPDF is imported here on
 * demand, so it is downloaded only when someone exports a PDF (it stays out of the initial bundle).
 */
export async function buildPdf(title: string, subtitle: string, sections: readonly PdfSection[]): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const write = (text: string, size: number, style: 'normal' | 'bold', gapAfter = 0) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(pdfSafe(text), width) as string[]) {
      if (y + LINE > bottom) {
        doc.addPage();
        y = MARGIN;
      }
      doc.text(line, MARGIN, y);
      y += size + 3;
    }
    y += gapAfter;
  };
  write(title, 16, 'bold', 4);
  write(subtitle, 9, 'normal', 10);
  for (const section of sections) {
    write(section.heading, 11, 'bold', 2);
    for (const line of section.lines) write(line, 9, 'normal');
    y += 8;
  }
  return doc.output('blob');
}
