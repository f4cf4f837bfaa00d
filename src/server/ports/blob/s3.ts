import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { assertBlobKey, assertBlobPrefix } from './blob-key.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';

export type S3Settings = Extract<Config['blob'], { kind: 's3' }>;

/** Streams are cut into parts of this size: one part in memory at a time, above S3's 5 MiB minimum. */
const PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Blobs in an S3-compatible bucket (AWS, MinIO, R2, Ceph...). S3 acknowledges only stored objects. */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Many S3-compatible servers reject the SDK's default trailing checksums; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function putStream(Key: string, body: Readable, ContentType: string): Promise<number> {
    const parts = partsOf(body)[Symbol.asyncIterator]();
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    if (firstPart.length < PART_SIZE) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: firstPart, ContentType }));
      return firstPart.length;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
    try {
      const completed: CompletedPart[] = [];
      let size = 0;
      for (let part: IteratorResult<Buffer> = first; !part.done; part = await parts.next()) {
        const PartNumber = completed.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part.value }));
        completed.push({ ETag, PartNumber });
        size += part.value.length;
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: completed } }));
      return size;
    } catch (error) {
      body.destroy();
      // Parts of an abandoned upload are billed until aborted.
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async function put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo> {
    assertBlobKey(key);
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
      return { size: body.length, contentType };
    }
    return { size: await putStream(key, body, contentType), contentType };
  }

  return {
    put,

    putAll: (entries) => Promise.all(entries.map((entry) => put(entry.key, entry.body, entry.contentType))),

    async get(key: string) {
      assertBlobKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return { info: { size: out.ContentLength ?? 0, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE }, body: out.Body };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key: string) {
      assertBlobKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix: string) {
      assertBlobPrefix(prefix);
      // One object at a time: a media folder holds a few dozen at most, and single deletes work on
      // every S3-compatible server (multi-object delete needs Content-MD5 handling on some).
      for (;;) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: 1000 }));
        const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (keys.length === 0) return;
        for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      }
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}

/** Full parts of PART_SIZE, then the remainder; a single empty part for an empty stream. */
async function* partsOf(stream: Readable): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    length += buffer.length;
    while (length >= PART_SIZE) {
      const all = Buffer.concat(chunks, length);
      yield all.subarray(0, PART_SIZE);
      yielded = true;
      chunks = [all.subarray(PART_SIZE)];
      length -= PART_SIZE;
    }
  }
  if (length > 0 || !yielded) yield Buffer.concat(chunks, length);
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
