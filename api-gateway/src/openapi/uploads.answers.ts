import { z } from 'zod';
import { named, type AnswerMap } from './shapes.ts';

const file = { 'application/octet-stream': z.string().meta({ format: 'binary' }) };

/** Spec part 2 §7 (upload URL), the View / Download calls behind the Documents page, and the assistant. */
export const uploadsAnswers: AnswerMap = {
  'POST /api/objects/upload': {
    summary: 'Get a single-use URL to upload a claim document to',
    answer: z.strictObject({ uploadURL: z.string().meta({ description: 'PUT the file there (signed, single use)' }) }),
  },
  'PUT /api/objects/uploads/:id': {
    summary: 'Upload a file to the URL POST /api/objects/upload gave',
    description: 'The body is the file itself; x-file-name names it. The ?token= of the URL authorises it.',
    answer: named(
      'UploadedObject',
      z.strictObject({ objectPath: z.string(), size: z.int(), contentType: z.string(), originalName: z.string() }),
    ),
  },
  'GET /api/documents/:id/view': {
    summary: 'View a claim document (inline)',
    responses: { 200: { description: 'The file, with its own content type', content: file } },
  },
  'GET /api/documents/:id/download': {
    summary: 'Download a claim document (attachment)',
    responses: { 200: { description: 'The file, with its own content type', content: file } },
  },
  'POST /api/ai-assistant': {
    summary: 'Ask the help assistant (it knows the help articles and the company’s figures)',
    answer: z.strictObject({ response: z.string() }),
  },
};
