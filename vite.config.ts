import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // RFS_DIST lets two builds live side by side (parallel test runs); the server reads the same variable.
    outDir: `${process.env.RFS_DIST ?? 'dist'}/client`,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
