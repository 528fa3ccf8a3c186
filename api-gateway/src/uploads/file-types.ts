import { fileTypeFromBuffer } from 'file-type';

/** The limit and its words live with the write model's validation (one home; the web reads them too). */
export { FILE_TOO_LARGE, UPLOAD_MAX_BYTES as MAX_UPLOAD_BYTES } from '@fpa/write-model/validation';
export const UNSUPPORTED_FILE_TYPE =
  'This type of file cannot be uploaded. Please upload an image (PNG, JPEG, GIF or WebP), a PDF, or a Word document (DOC or DOCX).';

/**
 * How many leading bytes are read before deciding: magic numbers sit in the first few bytes, but a
 * DOCX is recognised by its `[Content_Types].xml` entry, which Word, LibreOffice and Google Docs
 * write first in the zip. 64 KiB covers that entry with a wide margin.
 */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What the widget accepts (part 1 §9: images, pdf, doc, docx), as file-type names them, and the
 * content type each is stored and served with. A DOC is an OLE compound file ('cfb'); the client's
 * Content-Type header is never trusted.
 */
const ACCEPTED: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  cfb: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export type DocumentType = { ext: string; contentType: string };

/** The accepted type of a file judged by its first bytes, or null. */
export async function sniffDocumentType(head: Uint8Array): Promise<DocumentType | null> {
  let detected: { ext: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(head);
  } catch {
    // A truncated or malformed container is simply not something we accept.
    return null;
  }
  const contentType = detected ? ACCEPTED[detected.ext] : undefined;
  if (!detected || !contentType) return null;
  // file-type calls anything starting '%PDF' a PDF; a real one starts with its header line.
  if (detected.ext === 'pdf' && !PDF_HEADER.test(Buffer.from(head.subarray(0, 8)).toString('latin1'))) return null;
  return { ext: detected.ext === 'cfb' ? 'doc' : detected.ext, contentType };
}

const PDF_HEADER = /^%PDF-[12]\.\d/;

const MAX_NAME_LENGTH = 255;

/**
 * The name the user's file had, from the URI-encoded X-File-Name header: only its last path
 * segment, without control characters, at most 255 characters; 'upload' when there is none.
 */
export function originalFileName(header: string | null): string {
  if (!header) return 'upload';
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    name = header;
  }
  name = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return name === '' || name === '.' || name === '..' ? 'upload' : name;
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback for old clients and the exact UTF-8 name in
 * `filename*` (RFC 8187), so names like 'Sertifikaat – Ndlovu.pdf' survive the download.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
