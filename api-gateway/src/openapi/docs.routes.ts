import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Route } from '../rest/router.ts';
import { openApiDocument } from './document.ts';

/*
 * GET /api/openapi.json (the document, built once from the live route table) and GET /api/docs (a
 * reference page: Swagger UI from the installed swagger-ui-dist, served from our own origin, so the
 * gateway's Content-Security-Policy — script-src 'self' — holds and no CDN is involved).
 */

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST API reference · Funeral policy administration</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

// No inline script (the CSP forbids it): the page's start-up is a file of its own. validatorUrl null:
// Swagger UI would otherwise send the document to validator.swagger.io for its badge.
//
// AllOperations: since 5.33, Swagger UI virtualizes the operations list once it has 150 rows (tags
// plus operations; a hard-coded threshold, no option): only the rows in the viewport (and 3 more) are in
// the page, the rest render when scrolled to. With 16 tags and 135 operations this reference crossed it:
// a full-page screenshot, the browser's find (swagger-api/swagger-ui#11056) and printing saw the page
// end after its third section. The plugin puts back the component's own render below the threshold,
// every tag with all its operations (a few hundred DOM nodes, nothing to save at our size).
const START = `const allOperations = ({ React }) => function AllOperations(props) {
  const { specSelectors, getComponent, oas3Selectors, layoutSelectors, layoutActions, getConfigs } = props;
  const h = React.createElement;
  const tagged = specSelectors.taggedOperations();
  const methods = specSelectors.validOperationMethods();
  if (tagged.size === 0) return h('h3', null, 'No operations defined in spec!');
  const OperationTag = getComponent('OperationTag');
  const OperationContainer = getComponent('OperationContainer', true);
  const section = (tagObj, tag) =>
    h(
      OperationTag,
      { key: 'operation-' + tag, tagObj, tag, oas3Selectors, layoutSelectors, layoutActions, getConfigs, getComponent, specUrl: specSelectors.url() },
      h(
        'div',
        { className: 'operation-tag-content' },
        tagObj
          .get('operations')
          .filter((op) => methods.includes(op.get('method')))
          .map((op) =>
            h(OperationContainer, {
              key: op.get('path') + '-' + op.get('method'),
              specPath: op.get('specPath'),
              op,
              path: op.get('path'),
              method: op.get('method'),
              tag,
            }),
          )
          .toArray(),
      ),
    );
  return h('div', null, tagged.map(section).valueSeq().toArray());
};

window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  plugins: [(system) => ({ components: { operations: allOperations(system) } })],
  layout: 'BaseLayout',
});
`;

const assets = new Map<string, Promise<string>>();

/** A file of swagger-ui-dist, read once. */
function asset(file: string): Promise<string> {
  let text = assets.get(file);
  if (!text) {
    text = readFile(require.resolve(`swagger-ui-dist/${file}`), 'utf8');
    assets.set(file, text);
  }
  return text;
}

const CACHED = 'public, max-age=86400';
const answer = (body: string, type: string, cache = CACHED) =>
  new Response(body, { headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': cache } });

let documentJson: string | null = null;

export const docsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/openapi.json',
    operation: 'api.docs',
    handler: async () => {
      // Imported when first asked: rest/index.ts lists these routes, so a static import would be a cycle.
      const { routes } = await import('../rest/index.ts');
      documentJson ??= JSON.stringify(openApiDocument(routes));
      return answer(documentJson, 'application/json', 'no-cache');
    },
  },
  { method: 'GET', path: '/api/docs', operation: 'api.docs', handler: () => answer(PAGE, 'text/html', 'no-cache') },
  { method: 'GET', path: '/api/docs/docs.js', operation: 'api.docs', handler: () => answer(START, 'text/javascript') },
  {
    method: 'GET',
    path: '/api/docs/swagger-ui.css',
    operation: 'api.docs',
    handler: async () => answer(await asset('swagger-ui.css'), 'text/css'),
  },
  {
    method: 'GET',
    path: '/api/docs/swagger-ui-bundle.js',
    operation: 'api.docs',
    handler: async () => answer(await asset('swagger-ui-bundle.js'), 'text/javascript'),
  },
];
