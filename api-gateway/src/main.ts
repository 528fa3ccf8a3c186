import pino from 'pino';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { createApp } from './yoga.ts';
import { createHttpServer } from './http.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel, base: { service: 'api-gateway' } });
const services = await createServices(config, logger);
const server = createHttpServer(createApp(services), services);

server.listen(config.port, config.host, () => {
  logger.info(
    {
      url: `http://localhost:${config.port}`,
      database: config.databaseUrl ? 'postgresql server (DATABASE_URL)' : `pglite in ${config.dataDir}`,
      projections: config.projections,
    },
    'server started',
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  server.closeAllConnections();
  await services.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
