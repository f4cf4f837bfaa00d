import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each script and stylesheet so the server sends them as they are. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'corkboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
      }
    },
  };
}

/**
 * The client build (dist/client, with a manifest the page server reads) and the server render
 * build (`vite build --ssr src/web/entry-server.tsx --outDir dist/server`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  publicDir: false,
  css: {
    modules: { localsConvention: 'camelCaseOnly' as const, generateScopedName: '[local]_[hash:base64:6]' },
  },
  // The renderer bundles React so that its production build is chosen at build time, whatever
  // NODE_ENV the server process runs with (React's development build renders several times slower).
  ...(isSsrBuild ? { ssr: { noExternal: ['react', 'react-dom', 'i18next'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { target: 'node24', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        assetsDir: 'assets',
        // One stylesheet for every page (68 KB, 13 KB compressed): a first load waits for one
        // request instead of one per chunk, and a client navigation never waits for styles.
        cssCodeSplit: false,
        // The polyfill is an inline script, which the CSP forbids; current browsers need none.
        modulePreload: { polyfill: false },
        rolldownOptions: { input: { main: 'src/web/entry-client.tsx' } },
      },
}));
