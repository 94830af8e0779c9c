import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text file of the build, once, so the server sends compressed
 * bytes without compressing on each request (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pago-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The translations the app fetches as it needs them, as plain JSON files at /locales/{lang}/{ns}.json
 * (Spanish `common` ships inside the app). A map of dynamic imports, one entry per file, cost the
 * first load about a kilobyte; a fetch by name costs nothing per file. The URL carries a version
 * of all their contents, so a new build is never read from an old cache.
 */
function localeFiles(): Plugin {
  const dir = path.resolve(import.meta.dirname, 'src/locales');
  const files = () =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .flatMap((language) =>
        fs
          .readdirSync(path.join(dir, language))
          .filter((file) => file.endsWith('.json'))
          .map((file) => `${language}/${file}`),
      )
      .sort();
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  return {
    name: 'pago-locale-files',
    config() {
      const hash = createHash('sha256');
      for (const file of files()) hash.update(file).update(read(file));
      return { define: { __LOCALES_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 12)) } };
    },
    configureServer(server) {
      server.middlewares.use('/locales/', (request, response, next) => {
        const file = (request.url ?? '').split('?')[0]?.slice(1) ?? '';
        if (!/^(es|en)\/[a-z-]+\.json$/.test(file) || !files().includes(file)) return next();
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(read(file));
      });
    },
    generateBundle() {
      // Every file, Spanish `common` too (the app bundles it, but /locales/ is the whole set).
      for (const file of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${file}`,
          source: JSON.stringify(JSON.parse(read(file))),
        });
      }
    },
  };
}

/**
 * Writes /sw.js from the service worker's source (features/push/sw/service-worker.js) with this
 * build's app shell to precache (index.html, the scripts and styles it loads, the offline page,
 * the manifest and icons) and a version made of their contents, so every build that changes the
 * shell is a new worker (docs/push.md).
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'pago-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const loaded = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
      const icons = fs.readdirSync(path.join(outDir, 'icons')).map((file) => `/icons/${file}`);
      const shell = [
        '/index.html',
        '/offline.html',
        '/manifest.webmanifest',
        '/favicon.svg',
        ...icons.filter((file) => file.endsWith('.png')),
        ...loaded,
      ];
      const hash = createHash('sha256');
      for (const file of shell) hash.update(file).update(fs.readFileSync(path.join(outDir, file)));
      const source = fs
        .readFileSync(
          path.resolve(import.meta.dirname, 'src/features/push/sw/service-worker.js'),
          'utf8',
        )
        .replace("'__VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 12)))
        .replace('__PRECACHE__', JSON.stringify(shell));
      fs.writeFileSync(path.join(outDir, 'sw.js'), source);
    },
  };
}

/**
 * MUI's CSS-variables theme (`createThemeWithVars`, `CssVarsProvider`, and what they pull from
 * @mui/system) runs only for a theme that sets `cssVariables` or `colorSchemes`. Ours sets neither
 * (lib/theme.ts; lib/theme.test.ts checks it), yet every component imports that code through
 * MUI's default theme, and it was about 7 KiB (gzip) of the landing page's first load
 * (docs/benchmarks.md). The build replaces its two modules with ones that fail loudly if a theme
 * ever needs them, and fails itself if MUI moves them (the saving would silently go).
 */
function muiWithoutCssVariables(): Plugin {
  const fail = (name: string) =>
    `throw new Error('${name}: the CSS-variables theme of MUI is left out of the build (vite.config.ts, muiWithoutCssVariables)');`;
  const replacements: Record<string, string> = {
    '/@mui/material/styles/createThemeWithVars.mjs': [
      `export const createGetCssVar = () => { ${fail('createGetCssVar')} };`,
      `export default function createThemeWithVars() { ${fail('createThemeWithVars')} }`,
    ].join('\n'),
    '/@mui/material/styles/ThemeProviderWithVars.mjs': [
      'CssVarsProvider',
      'useColorScheme',
      'getInitColorSchemeScript',
      'Experimental_CssVarsProvider',
    ]
      .map((name) => `export const ${name} = () => { ${fail(name)} };`)
      .join('\n'),
  };
  const replaced = new Set<string>();
  return {
    name: 'pago-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const suffix = Object.keys(replacements).find((end) => id.endsWith(end));
      if (!suffix) return null;
      replaced.add(suffix);
      return replacements[suffix];
    },
    buildEnd(error) {
      const missing = Object.keys(replacements).filter((end) => !replaced.has(end));
      if (!error && missing.length > 0) {
        this.error(`MUI no longer has ${missing.join(', ')}: update muiWithoutCssVariables`);
      }
    },
  };
}

export default defineConfig({
  // The service worker is written before the files are compressed, so it is compressed too.
  plugins: [muiWithoutCssVariables(), react(), serviceWorker(), precompress(), localeFiles()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // The CSP allows no inline script, so the preload polyfill must not be inlined.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    // Illustrations stay files (cached, lazy-loaded) instead of data URLs inside the JS.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: many small shared chunks each add their
        // own import/export glue and a request.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
