/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

// Libraries change less often than the app: in their own chunks they stay cached across deploys.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'vendor-aria',
    test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc)[\\/]/,
  },
  {
    name: 'vendor-data',
    test: /node_modules[\\/](urql|@urql|wonka|@0no-co|gql\.tada|graphql|jotai|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
  // recharts and what it alone brings (the reports page's charts).
  {
    name: 'vendor-charts',
    test: /node_modules[\\/](recharts|react-is|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    // The Host header is passed on as the browser sent it (changeOrigin false; the string shorthand
    // would rewrite it), so the gateway sees the page's own origin and its cross-site check
    // (api-gateway/src/cross-site.ts) accepts the page's cookie requests even without Sec-Fetch-Site.
    proxy: { '/api': { target: gateway, changeOrigin: false }, '/graphql': { target: gateway, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // No source maps by default: `npm start` builds and serves this folder, and the maps are the
    // application's source. WEB_SOURCEMAP=on makes them (e.g. to upload to an error tracker).
    sourcemap: process.env.WEB_SOURCEMAP === 'on',
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  test: {
    // Not global test APIs, so Testing Library's automatic cleanup is wired up here instead.
    setupFiles: ['./src/test/setup.ts'],
  },
});
