import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the strongest levels, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backhaul-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && TEXT.test(e.name) && !e.parentPath.includes('.vite'))
        .map((e) => join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzipAsync(raw, { level: 9 }),
            brotliAsync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
          ]);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
        }),
      );
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3101';

export default defineConfig({
  // precompress: .br and .gz of every text file, served as they are (no compression per request).
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
