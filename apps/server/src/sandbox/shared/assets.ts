import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Serves one of a fake's own browser files (the vendor's script, its hosted flow), by name only. */
export async function sendAsset(reply: FastifyReply, folder: string, name: string) {
  const type = TYPES[path.extname(name)];
  if (!type || !/^[a-z-]+\.(js|css|html)$/.test(name)) {
    throw new AppError('not_found', 404, 'Not found');
  }
  let content: Buffer;
  try {
    content = await readFile(path.join(folder, name));
  } catch {
    throw new AppError('not_found', 404, 'Not found');
  }
  return reply.type(type).header('cache-control', 'no-cache').send(content);
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
