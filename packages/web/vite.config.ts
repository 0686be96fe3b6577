import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { measureScreens, overBudget } from './bundle-budget.mjs';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Scripts and styles: every one gets both copies, so no request for one falls back to the raw file. */
const CODE = /\.(js|mjs|css)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the strongest levels, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * Every script and style gets both (a few tiny chunks compress to a handful of bytes more than they
 * are: still one path for every asset); other text files only when compression makes them smaller.
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
          const always = CODE.test(file);
          const [gz, br] = await Promise.all([
            gzipAsync(raw, { level: 9 }),
            brotliAsync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
          ]);
          if (always || gz.length < raw.length) await writeFile(`${file}.gz`, gz);
          if (always || br.length < raw.length) await writeFile(`${file}.br`, br);
        }),
      );
    },
  };
}

/**
 * Fails the build when a screen's first-paint JavaScript or any one chunk is over its budget
 * (bundle-budget.mjs): a new import that drags a library into every screen is caught here, not in
 * the field. Raise a budget only with the figures that justify it.
 */
function bundleBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backhaul-bundle-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const over = overBudget(measureScreens(outDir));
      if (over.length > 0)
        throw new Error(`JavaScript over budget (packages/web/bundle-budget.mjs):\n  ${over.join('\n  ')}`);
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3101';

export default defineConfig({
  // precompress: .br and .gz of every text file, served as they are (no compression per request);
  // bundleBudget: the build fails when a screen or a chunk outgrows its budget.
  plugins: [react(), precompress(), bundleBudget()],
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
