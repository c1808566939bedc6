import { defineConfig } from 'vite';

/**
 * The web player is served by the API server at /player. The service worker is a second entry
 * built to `sw.js` at the root of the player (its scope is the whole player).
 */
export default defineConfig({
  base: '/player/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // hls.js (live streams) is one lazily loaded chunk of about 580 kB.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      input: { index: 'index.html', sw: 'src/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
