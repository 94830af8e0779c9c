import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';

// A check's image as it reaches the Unit fake: the bytes themselves (`image/jpeg` or `image/png`,
// as the SDK's checkDeposits.upload sends them) or one file in a `multipart/form-data` body.

/** The largest image the fake takes (docs/unit-money-in.md, open points). */
export const CHECK_IMAGE_LIMIT_BYTES = 20 * 1024 * 1024;
/** Room for a multipart body's boundaries and part headers around the image. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Lets the fake's routes read image and multipart bodies as bytes (its plugin only). */
export function acceptCheckImages(app: AppInstance): void {
  const asBytes = (_request: FastifyRequest, body: Buffer, done: (e: null, b: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser(
    ['image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit: CHECK_IMAGE_LIMIT_BYTES + 1 },
    asBytes,
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: CHECK_IMAGE_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES },
    asBytes,
  );
}

export type CheckImage = { bytes: Buffer; type: string };

/** The image a request carries, or why there is none that can be used. */
export function checkImageOf(request: FastifyRequest): CheckImage | { refused: string } {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  const body = request.body;
  if (!Buffer.isBuffer(body)) return { refused: 'the body is not an image' };
  let image: CheckImage | null = null;
  if (contentType.startsWith('image/jpeg') || contentType.startsWith('image/png')) {
    image = { bytes: body, type: contentType.split(';')[0] as string };
  } else if (contentType.startsWith('multipart/form-data')) {
    image = firstFilePart(body, /boundary="?([^";]+)"?/.exec(contentType)?.[1]);
  }
  if (!image || image.bytes.length === 0) return { refused: 'an image of the check is required' };
  if (image.bytes.length > CHECK_IMAGE_LIMIT_BYTES) return { refused: 'too_large' };
  return image;
}

/** The first part of a multipart body that carries a file (it has a filename). */
function firstFilePart(body: Buffer, boundary: string | undefined): CheckImage | null {
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) return null;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1').toLowerCase();
      if (/filename=/.test(headers)) {
        // The part's bytes end before the CRLF that precedes the next delimiter.
        const bytes = part.subarray(headerEnd + 4, part.length - 2);
        const type = /content-type:\s*([^\s;]+)/.exec(headers)?.[1] ?? 'application/octet-stream';
        return { bytes, type };
      }
    }
    start = next;
  }
  return null;
}
