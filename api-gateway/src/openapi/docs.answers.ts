import { z } from 'zod';
import type { AnswerMap } from './shapes.ts';

const text = (type: string, description: string) => ({ 200: { description, content: { [type]: z.string() } } });

/** This document and its reference page (docs.routes.ts). */
export const docsAnswers: AnswerMap = {
  'GET /api/openapi.json': {
    summary: 'This OpenAPI 3.1 document',
    answer: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
  },
  'GET /api/docs': {
    summary: 'The API reference page (Swagger UI, served from this origin)',
    responses: text('text/html', 'An HTML page'),
  },
  'GET /api/docs/docs.js': { summary: 'The reference page’s start-up script', responses: text('text/javascript', 'JavaScript') },
  'GET /api/docs/swagger-ui.css': { summary: 'Swagger UI’s style sheet', responses: text('text/css', 'CSS') },
  'GET /api/docs/swagger-ui-bundle.js': { summary: 'Swagger UI’s script', responses: text('text/javascript', 'JavaScript') },
};
