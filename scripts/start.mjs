// `npm start`: how a company runs the product, so production mode unless NODE_ENV says otherwise
// (no GraphiQL, no introspection, no payment sandbox, no source maps served). `npm run dev` is development.
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import('../api-gateway/src/main.ts');
