import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';

/** The browser files both fakes use: the hosted flows' common script and styles, the overlay. */
export const SHARED_ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const TYPES: Record<string, string> = {
  '.js': JAVASCRIPT,
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** A fake's browser file and its type, by name only (no paths); 404 for any other name. */
async function readAsset(folder: string, name: string) {
  const type = TYPES[path.extname(name)];
  if (!type || !/^[a-z-]+\.(js|css|html)$/.test(name)) {
    throw new AppError('not_found', 404, 'Not found');
  }
  try {
    return { type, content: await readFile(path.join(folder, name)) };
  } catch {
    throw new AppError('not_found', 404, 'Not found');
  }
}

/** Serves one of a fake's own browser files (the vendor's script, its hosted flow), by name only. */
export async function sendAsset(reply: FastifyReply, folder: string, name: string) {
  const { type, content } = await readAsset(folder, name);
  return reply.type(type).header('cache-control', 'no-cache').send(content);
}

/**
 * Serves several of the fakes' scripts, in order, as one: a page loads a vendor's client script
 * from one URL, and the fake's is the shared overlay.js followed by the vendor's own file. A `;`
 * between them keeps one file's last statement from running into the next.
 */
export async function sendScripts(
  reply: FastifyReply,
  files: Array<[folder: string, name: string]>,
) {
  const assets = await Promise.all(files.map(([folder, name]) => readAsset(folder, name)));
  if (assets.some(({ type }) => type !== JAVASCRIPT)) {
    throw new AppError('not_found', 404, 'Not found');
  }
  const separator = Buffer.from('\n;\n');
  const script = Buffer.concat(
    assets.flatMap(({ content }, i) => (i === 0 ? [content] : [separator, content])),
  );
  return reply.type(JAVASCRIPT).header('cache-control', 'no-cache').send(script);
}

/** Serves a fake vendor's client script as pages get it: the shared overlay.js, then the file. */
export function sendClientScript(reply: FastifyReply, folder: string, name: string) {
  return sendScripts(reply, [
    [SHARED_ASSETS, 'overlay.js'],
    [folder, name],
  ]);
}

const IMAGE_SIGNATURES: Array<[type: string, test: (bytes: Buffer) => boolean]> = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
  ['image/bmp', (b) => b.subarray(0, 2).toString('latin1') === 'BM'],
  ['image/heic', (b) => /^ftyp(heic|heix|mif1|avif)$/.test(b.subarray(4, 12).toString('latin1'))],
];

/** Largest document photo the fakes take, as the vendors cap uploads. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/** The photo's bytes when they are an image (by content, not by the type claimed), else null. */
export function decodeImage(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 12 || bytes.length > MAX_PHOTO_BYTES) return null;
  return IMAGE_SIGNATURES.some(([, test]) => test(bytes)) ? bytes : null;
}
