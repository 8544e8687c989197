import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store';

/** Where the API serves the embedded store's blobs (outside /v1/api: the token is the only credential). */
export const LOCAL_BLOB_PREFIX = '/blobs/';

export type LocalPermission = 'r' | 'w';

export interface VerifiedToken {
  blobPath: string;
  permission: LocalPermission;
  maxBytes: number;
}

/** Why a URL was refused: a person never sees these, the browser shows 'Something went wrong'. */
export class BlobTokenError extends Error {}

export class BlobTooLargeError extends Error {}

/**
 * The embedded default: files on local disk behind URLs signed like Azure SAS URLs
 * (`/blobs/{path}?sp=w&se={expiry}&sz={max bytes}&sig={HMAC}`), so the browser code is the same for both
 * stores. The signing key is derived from the session secret; a URL is good for one path, one
 * permission and until its expiry.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly browserOrigin = null;
  private readonly key: Buffer;

  constructor(
    private readonly root: string,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('dcf-local-blob-store').digest();
  }

  async uploadUrl(blobPath: string, options: { expiresOn: Date; maxBytes: number }) {
    return this.sign(blobPath, 'w', options.expiresOn, options.maxBytes);
  }

  async downloadUrl(blobPath: string, options: { expiresOn: Date }) {
    return this.sign(blobPath, 'r', options.expiresOn, 0);
  }

  async read(blobPath: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(blobPath));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** The blob as a stream with its size (downloads never hold a whole file in memory), or null. */
  async openStream(blobPath: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.fileOf(blobPath);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(blobPath: string, data: Buffer): Promise<void> {
    const file = this.fileOf(blobPath);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }

  /** Streams an upload to disk; more than `maxBytes` aborts it and leaves nothing behind. */
  async writeStream(blobPath: string, body: Readable, maxBytes: number): Promise<number> {
    const file = this.fileOf(blobPath);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    let size = 0;
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new BlobTooLargeError();
            yield chunk;
          }
        },
        createWriteStream(temporary),
      );
      await rename(temporary, file);
      return size;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Checks a URL's signature, permission and expiry for the path it names. */
  verify(blobPath: string, query: Record<string, unknown>, permission: LocalPermission, now = new Date()) {
    const sp = String(query.sp ?? '');
    const se = String(query.se ?? '');
    const sz = String(query.sz ?? '0');
    const sig = String(query.sig ?? '');
    if (sp !== permission || !/^\d{1,12}$/.test(se) || !/^\d{1,12}$/.test(sz))
      throw new BlobTokenError('malformed');
    const expected = Buffer.from(this.signature(blobPath, sp, se, sz));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new BlobTokenError('signature');
    if (Number(se) * 1000 <= now.getTime()) throw new BlobTokenError('expired');
    return { blobPath, permission, maxBytes: Number(sz) } satisfies VerifiedToken;
  }

  private sign(blobPath: string, permission: LocalPermission, expiresOn: Date, maxBytes: number) {
    const se = String(Math.floor(expiresOn.getTime() / 1000));
    const sz = String(Math.max(0, Math.ceil(maxBytes)));
    const query = new URLSearchParams({
      sp: permission,
      se,
      sz,
      sig: this.signature(blobPath, permission, se, sz),
    });
    const encoded = blobPath.split('/').map(encodeURIComponent).join('/');
    return `${LOCAL_BLOB_PREFIX}${encoded}?${query}`;
  }

  private signature(blobPath: string, permission: string, se: string, sz: string) {
    return createHmac('sha256', this.key)
      .update(`${permission}\n${blobPath}\n${se}\n${sz}`)
      .digest('base64url');
  }

  /** The file of a blob path; paths were validated when the token was issued, this is a second guard. */
  private fileOf(blobPath: string): string {
    const file = path.resolve(this.root, ...blobPath.split('/'));
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new BlobTokenError('path');
    return file;
  }
}
