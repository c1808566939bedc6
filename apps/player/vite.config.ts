import { defineConfig } from 'vite';

/** The web player is served by the API server at /player. */
export default defineConfig({ base: '/player/', build: { outDir: 'dist', emptyOutDir: true } });
