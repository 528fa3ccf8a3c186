// Development: the gateway (restarts on change) on :3000 and Vite (hot reload, proxies /api and /graphql) on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'api-gateway/src/main.ts'], { stdio: 'inherit' }), // from the root, so ./data is DATA_DIR
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
