import type { Readable } from 'node:stream';

export type BlobInfo = { size: number; contentType: string };

export type BlobEntry = { key: string; body: Buffer | Readable; contentType: string };

/**
 * Immutable files by key (media, exports). A put is durable before it resolves: the disk store
 * writes a temporary name, fsyncs and renames; S3 acknowledges only stored objects.
 */
export interface BlobStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo>;
  /**
   * Several puts, all durable when it resolves (the sizes of one picture): on disk one folder
   * fsync for all of them. When it fails or the process dies first, some may be stored, never a
   * partial one; the media pipeline's orphan sweep removes what no row names.
   */
  putAll(entries: readonly BlobEntry[]): Promise<BlobInfo[]>;
  /** Resolves null when the key is absent. */
  get(key: string): Promise<{ info: BlobInfo; body: Readable } | null>;
  head(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with the folder `prefix` (ending in '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Throws when the store cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
