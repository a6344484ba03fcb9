// Builds the 3D preview harness (bench/preview3d/main.tsx) into bench/preview3d/dist.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  build: { outDir: path.join(here, 'dist'), emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 2000 },
});
