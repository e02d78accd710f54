import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The browser's files compressed once per build at each format's best (brotli 11 is too slow per request):
    // the server sends the .br or .gz beside each file (plugins/pages.ts, preCompressed). Not for the server's own bundle.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|json|txt|webmanifest)$/,
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
  ],
  build: {
    // RFS_DIST lets two builds live side by side (parallel test runs); the server reads the same variable.
    outDir: `${process.env.RFS_DIST ?? 'dist'}/client`,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    manifest: true,
    // Each file is compressed on its own, so many small files cost more than one: what every page loads (the entry's
    // static imports) is one file, and the plan catalogue with the two helpers it needs another. Landing script
    // 91.7 → 89.6 kB gzip (bench/bundle-budget.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'plans', test: /src[\\/]shared[\\/](plans|format|calendar[\\/]support-clock)\.ts$/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
