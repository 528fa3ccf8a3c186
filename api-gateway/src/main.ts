import pino from 'pino';
import { applyHeapGrowth } from '@fpa/projections';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { createApp } from './yoga.ts';
import { createHttpServer } from './http.ts';
import { startupReport } from './startup.ts';

const config = loadConfig();
applyHeapGrowth(config.heapGrowingPercent);
const logger = pino({ level: config.logLevel, base: { service: 'api-gateway' } });
const services = await createServices(config, logger);
const server = createHttpServer(createApp(services), services);

server.listen(config.port, config.host, () => {
  const report = startupReport(config);
  logger.info(
    {
      mode: report.mode,
      url: report.url,
      publicUrl: report.publicUrl,
      database: config.databaseUrl ? 'postgresql server (DATABASE_URL)' : `pglite in ${config.dataDir}`,
      projections: config.projections,
    },
    `server started in ${report.mode} mode`,
  );
  for (const line of report.notConfigured) logger.warn(`not configured: ${line}`);
  if (report.relaxed.length > 0)
    logger.warn(`${report.mode} mode: ${report.relaxed.join(', ')} enabled; set NODE_ENV=production (npm start does) to turn them off`);
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
