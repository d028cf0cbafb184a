import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../shared/app-error.js';
import {
  formatBytes,
  type ObjectStorage,
  type StoredObject,
  type UploadGrant,
} from './object-storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix: string;
}

/**
 * Files in an S3-compatible bucket. The browser PUTs to a presigned URL (the same three-step
 * flow as local storage); presigned PUTs cannot cap the size, so confirm checks it (HEAD) and
 * deletes what is too large.
 */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Otherwise a presigned PUT carries the CRC32 of an empty body and S3 refuses every file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  /** The store's origin, for the Content-Security-Policy of the browser's direct PUT. */
  origin(): string {
    if (this.settings.endpoint) return new URL(this.settings.endpoint).origin;
    return `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com`;
  }

  async createPutUrl(grant: UploadGrant): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(grant.key),
        // Signed headers: S3 refuses a PUT of another type or size than the one declared.
        ContentType: grant.contentType,
        ContentLength: grant.exactBytes,
      }),
      {
        expiresIn,
        signableHeaders: new Set([
          ...(grant.contentType ? ['content-type'] : []),
          ...(grant.exactBytes !== undefined ? ['content-length'] : []),
        ]),
      },
    );
  }

  /** Server-side writes (GraphQL uploads): buffered up to the limit, then one PutObject. */
  async write(
    key: string,
    body: Readable,
    maxBytes: number,
    contentType?: string,
  ): Promise<number> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `Files are limited to ${formatBytes(maxBytes)}.`,
          413,
        );
      }
      chunks.push(chunk as Buffer);
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: Buffer.concat(chunks),
        ContentType: contentType,
      }),
    );
    return size;
  }

  async read(key: string): Promise<Buffer> {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
    );
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async openRead(key: string): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      // In Node the SDK's body is an http.IncomingMessage: a Readable.
      return out.Body as Readable;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async head(key: string, bytes = 64 * 1024): Promise<Uint8Array> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Range: `bytes=0-${bytes - 1}`,
      }),
    );
    return out.Body!.transformToByteArray();
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      if (out.ContentLength === undefined) return null;
      return { size: out.ContentLength, contentType: out.ContentType ?? '' };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** A presigned PUT cannot be revoked: the confirmed bytes move to a key no URL names. */
  async seal(key: string): Promise<string> {
    const sealed = `${key.split('/')[0]}/${randomUUID()}`;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(sealed),
        CopySource: `${this.settings.bucket}/${encodeURI(this.key(key))}`,
      }),
    );
    await this.remove(key);
    return sealed;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
    );
  }

  private key(key: string) {
    return `${this.settings.prefix}${key}`;
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
