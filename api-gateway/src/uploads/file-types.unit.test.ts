import { describe, expect, it } from 'vitest';
import { contentDisposition, originalFileName, sniffDocumentType } from './file-types.ts';
import { doc, docx, exe, pdf, png, storedZip } from './test-files.ts';

describe('recognising a document by its bytes', () => {
  it.each([
    ['png', png(), 'image/png'],
    ['jpg', Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    ['webp', Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(14)]), 'image/webp'],
    ['pdf', pdf(), 'application/pdf'],
    ['doc', doc(), 'application/msword'],
    ['docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts a %s', async (ext, bytes, contentType) => {
    expect(await sniffDocumentType(bytes)).toEqual({ ext, contentType });
  });

  it.each([
    ['an executable', exe()],
    ['plain text', Buffer.from('%PDF is what I say I am, but I am text')],
    ['an empty file', Buffer.alloc(0)],
    ['a zip without a Word document', storedZip({ 'notes.txt': 'hello' })],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG image (it can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a DOCX cut off before its content types', docx().subarray(0, 100)],
  ])('refuses %s', async (_what, bytes) => {
    expect(await sniffDocumentType(bytes)).toBeNull();
  });
});

describe('the original file name', () => {
  it.each([
    [null, 'upload'],
    ['', 'upload'],
    [encodeURIComponent('Sertifikaat – Ndlovu.pdf'), 'Sertifikaat – Ndlovu.pdf'],
    ['C%3A%5Cfakepath%5Cid.png', 'id.png'],
    [encodeURIComponent('../../etc/passwd'), 'passwd'],
    ['%E0%A4%A', '%E0%A4%A'],
    [encodeURIComponent('bad\u0000name\n.pdf'), 'badname.pdf'],
    [encodeURIComponent('..'), 'upload'],
    ['a'.repeat(300), 'a'.repeat(255)],
  ])('%s → %s', (header, name) => {
    expect(originalFileName(header)).toBe(name);
  });
});

describe('Content-Disposition', () => {
  it('keeps the exact UTF-8 name in filename* and a safe ASCII fallback', () => {
    expect(contentDisposition('attachment', "Bank letter (O'Brien) – 2025.pdf")).toBe(
      `attachment; filename="Bank letter (O'Brien) _ 2025.pdf"; filename*=UTF-8''Bank%20letter%20%28O%27Brien%29%20%E2%80%93%202025.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
  });
});
