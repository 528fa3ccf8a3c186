import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './document.ts';

/*
 * Checks an HTTP answer against the OpenAPI document (tests only: ajv is a dev dependency). The
 * document is the one truth: its JSON Schemas are compiled as they are published, $refs and all, so
 * what a client generated from /api/openapi.json would accept is what the tests hold the answers to.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const DOCUMENT_ID = 'openapi.json';

type Operation = {
  method: string;
  path: string;
  pattern: RegExp;
  literals: number;
  responses: Record<string, { content?: Record<string, unknown> }>;
};

const pointer = (...segments: string[]) =>
  `${DOCUMENT_ID}#/${segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

export type AnswerChecker = (method: string, url: string, status: number, contentType: string | null, body: unknown) => string | null;

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, { responses?: Operation['responses'] } | undefined>)[method];
      if (!operation) continue;
      const segments = path.split('/').filter(Boolean);
      const pattern = new RegExp(
        `^/${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      operations.push({
        method: method.toUpperCase(),
        path,
        pattern,
        literals: segments.filter((s) => !s.startsWith('{')).length,
        responses: operation.responses ?? {},
      });
    }
  }
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    return validate;
  };

  return (method, url, status, contentType, body) => {
    const pathname = new URL(url, 'http://localhost').pathname;
    // The route the router would take: a literal segment wins over a parameter (/api/claims/counts over /api/claims/{id}).
    const operation = operations
      .filter((o) => o.method === method.toUpperCase() && o.pattern.test(pathname))
      .sort((a, b) => b.literals - a.literals)[0];
    if (!operation) return null; // not a route of the document: the router's own 404/405
    const name = `${operation.method} ${operation.path}`;
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => c in operation.responses);
    if (!code)
      return `${name} answered ${status}, a status the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
    const isJson = /^application\/([\w.-]+\+)?json/i.test(contentType ?? '');
    const content = operation.responses[code]!.content ?? {};
    if (!isJson) {
      const type = (contentType ?? '').split(';')[0]!.trim();
      if (!type || Object.keys(content).length === 0 || type in content || 'application/octet-stream' in content) return null;
      return `${name} answered ${status} as ${type}; the document says ${Object.keys(content).join(', ')}`;
    }
    if (!('application/json' in content)) return `${name} answered ${status} with JSON; the document has no JSON answer for ${code}`;
    const ref = pointer(
      'paths',
      operation.path,
      operation.method.toLowerCase(),
      'responses',
      code,
      'content',
      'application/json',
      'schema',
    );
    const validate = validator(ref);
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 6)
      .map(
        (e) =>
          `  ${e.instancePath || '(answer)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
      );
    return `${name} answered ${status} with a body the OpenAPI document does not allow (${decodeURIComponent(ref)}):\n${errors.join('\n')}`;
  };
}
