// Development: the gateway (restarts on change) on :3000 and Vite (hot reload, proxies /api and /graphql) on :5173.
import { spawn } from 'node:child_process';

// Development mode, and reset links that open the page Vite serves (the gateway never builds them
// from the Host header).
const gatewayEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', 'api-gateway/src/main.ts'], { stdio: 'inherit', env: gatewayEnv }), // from the root, so ./data is DATA_DIR
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
