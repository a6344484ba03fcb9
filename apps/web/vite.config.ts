import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-size.bench.mjs reads the manifest to sum what the home route loads.
    manifest: true,
    // Our budget is on the home route's JS; warn well before it.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': api,
      '/files': api,
      '/docs': api,
      '/io': { target: api, ws: true },
    },
  },
});
