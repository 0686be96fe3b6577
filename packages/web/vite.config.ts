import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3101';

export default defineConfig({
  // precompress: .br and .gz of every text file, served as they are (the server compresses nothing).
  plugins: [react(), precompress()],
  base: '/',
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // bench/web-bundle.mjs reads the manifest to size what each route downloads.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Rolldown's replacement for manualChunks: React and Mantine's foundation (provider, styles
        // system, hooks) live in vendor chunks that cache across releases. Mantine components stay
        // with the routes that use them, so /auth does not download the data table's widgets.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core|utils)[\\/])/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
