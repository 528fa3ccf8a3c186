import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';

/*
 * The papers a company hands its policyholders (issue #23), made on the server with jsPDF, the library
 * the web already uses for its audit export: one approach for both. A paper is a letterhead, a title,
 * and blocks in order: facts (label and value), tables and paragraphs. The standard fonts cover
 * Windows-1252 only, so text is made safe for them first.
 */

export type Letterhead = { name: string; lines: readonly string[] };

export type PaperBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [string, string])[] }
  | { kind: 'table'; columns: readonly string[]; rows: readonly (readonly string[])[]; empty: string }
  | { kind: 'paragraph'; text: string };

export type Paper = { letterhead: Letterhead; title: string; subtitle: string; blocks: readonly PaperBlock[]; footer: string };

const REPLACEMENTS: Record<string, string> = { '→': '->', '›': '>', '—': '-', '–': '-', '·': '-', '“': '"', '”': '"', '‘': "'", '’': "'" };

/** Text the standard fonts can draw: a few typographic marks replaced, anything else beyond Latin-1 a '?'. */
export function paperSafe(text: string): string {
  return [...text].map((c) => REPLACEMENTS[c] ?? (c.charCodeAt(0) > 0xff ? '?' : c)).join('');
}

const MARGIN = 48;
const TEAL: [number, number, number] = [11, 110, 107];
const MUTED: [number, number, number] = [86, 104, 122];

/** An A4 PDF of the paper, as bytes. */
export function renderPaper(paper: Paper): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const room = (needed: number) => {
    if (y + needed <= bottom) return;
    doc.addPage();
    y = MARGIN;
  };
  const write = (text: string, size: number, style: 'normal' | 'bold', color: [number, number, number] = [23, 35, 47], gap = 3) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    for (const line of doc.splitTextToSize(paperSafe(text), width) as string[]) {
      room(size + gap);
      doc.text(line, MARGIN, y + size);
      y += size + gap;
    }
  };

  write(paper.letterhead.name, 15, 'bold', TEAL);
  for (const line of paper.letterhead.lines) write(line, 8.5, 'normal', MUTED, 2);
  y += 6;
  doc.setDrawColor(...TEAL);
  doc.line(MARGIN, y, MARGIN + width, y);
  y += 14;
  write(paper.title, 17, 'bold');
  write(paper.subtitle, 9.5, 'normal', MUTED);
  y += 8;

  for (const block of paper.blocks) {
    switch (block.kind) {
      case 'heading':
        y += 6;
        room(30);
        write(block.text, 11.5, 'bold', TEAL);
        y += 2;
        break;
      case 'paragraph':
        write(block.text, 9.5, 'normal');
        y += 4;
        break;
      case 'facts':
      case 'table': {
        const facts = block.kind === 'facts';
        const body = facts ? block.rows.map(([label, value]) => [label, value]) : block.rows.map((row) => [...row]);
        autoTable(doc, {
          startY: y,
          margin: { left: MARGIN, right: MARGIN },
          theme: facts ? 'plain' : 'striped',
          styles: { font: 'helvetica', fontSize: 9, cellPadding: facts ? 2.5 : 4, textColor: [23, 35, 47] },
          headStyles: { fillColor: TEAL, textColor: 255, fontStyle: 'bold' },
          ...(facts ? { columnStyles: { 0: { fontStyle: 'bold', textColor: MUTED, cellWidth: 150 } } } : {}),
          ...(facts ? {} : { head: [block.columns.map(paperSafe)] }),
          body: (body.length > 0 ? body : [[block.kind === 'table' ? block.empty : '']]).map((row) => row.map(paperSafe)),
        });
        y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 10;
        break;
      }
    }
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(7.5);
    doc.setTextColor(...MUTED);
    doc.text(paperSafe(`${paper.footer} · page ${page} of ${pages}`), MARGIN, doc.internal.pageSize.getHeight() - MARGIN / 2);
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

/** A paper as the answer to a GET: a PDF download with the given name, never cached (it holds personal data). */
export function pdfResponse(paper: Paper, fileName: string): Response {
  return new Response(new Blob([renderPaper(paper) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
