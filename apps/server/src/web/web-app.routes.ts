import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../app-instance';
import { errorBody } from '../lib/app-error';

/** A built asset's name: `index-B17nTONG.js`, `phone-field-Oga4ufsu.js.map`. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)+$/;

/**
 * Serves the built web app: hashed assets cached for a year, every other GET that accepts HTML
 * gets index.html (client-side routes), and anything under /api/ that no route took is a JSON 404.
 */
export async function registerWebApp(app: AppInstance): Promise<void> {
  const root = app.deps.config.webDistDir;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // `/` is the app itself; without this a directory answers 403.
      index: 'index.html',
      // The build writes .br and .gz beside each file; they are sent to clients that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // index.html names the current hashed assets, so it is revalidated on every visit; so is
        // the service worker (sw.js), whose new version is how an installed app learns of a build.
        const cacheControl = /[\\/](index\.html|sw\.js)$/.test(filePath)
          ? 'no-cache'
          : filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300';
        reply.header('cache-control', cacheControl);
      },
    });
    // The hashed assets, nearly every request for a file, by name. The wildcard route above checks
    // each request's spelling against a listing of every directory on its path (for a case-folding
    // file system), and the assets directory holds some 500 names: that listing cost more server
    // CPU than sending the file (docs/benchmarks.md, "Static files and the service worker"). A
    // name matched here has no separator and no dot segment, so it has no other spelling to
    // check; any other name under /assets/ is not found (a directory's page, for a browser:
    // index.html).
    app.get<{ Params: { file: string } }>('/assets/:file', (request, reply) =>
      ASSET_NAME.test(request.params.file)
        ? reply.sendFile(`assets/${request.params.file}`, root)
        : reply.callNotFound(),
    );
  } else {
    app.log.warn(`No web build at ${root}; run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      path.extname(pathname) === '' &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsPage) {
      return reply.sendFile('index.html', root);
    }
    return reply
      .code(404)
      .send(errorBody('not_found', `No such endpoint: ${request.method} ${pathname}`));
  });
}
