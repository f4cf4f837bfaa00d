import type { Selectable } from 'kysely';
import type { SkinToneRange } from '../../../shared/skin-tone.ts';

/**
 * An uploaded image or video and what processing made of it (migration 0002,
 * docs/decisions/0008-media-pipeline.md). `images` and `videos` are JSON written once, when the
 * media turns ready, after every file they name is stored.
 */
export type MediaTable = {
  id: string;
  owner_id: string;
  kind: 'image' | 'video';
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  /** The sniffed type of the upload (image/jpeg, video/mp4, ...). */
  source_type: string;
  source_size: number;
  /** The uploaded file in the blob store while it waits for processing; never served. */
  upload_key: string | null;
  /** Random per media: mixed into every file key so keys cannot be derived from a picture. */
  key_salt: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  dominant_color: string | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
  /** 32 hex characters of the SHA-256 of the stored original: the spec's imageSignature. */
  signature: string | null;
  /** Visual features for similarity, 73 bytes (layout in src/server/media/features.ts). */
  features: Uint8Array | null;
  /** The skin tone range the picture shows or 'none'; null until analysed (migration 0013). */
  skin_tone: SkinToneRange | 'none' | null;
  /** JSON: size -> {key, width, height, content_type}. */
  images: string | null;
  /** JSON: format -> {key, width, height, duration_ms}. */
  videos: string | null;
  created_at: number;
  updated_at: number;
};

/**
 * An upload announced before its file arrives (the public API's two-step media upload, migration
 * 0005, docs/decisions/0011-public-api-v5.md). Its id is the id the media row takes once the file
 * is accepted; until then only the hash of its one-time upload secret is kept.
 */
export type MediaRegistrationsTable = {
  id: string;
  owner_id: string;
  /** The personal access token that registered it: the upload acts as that token while it lives. */
  token_id: string;
  media_type: 'video';
  upload_secret_hash: string;
  expires_at: number;
  /** When the file was claimed for this registration; one file per registration. */
  uploaded_at: number | null;
  /** Why the file was refused (not a video, too large, ...); the registration is then failed. */
  failure_reason: string | null;
  created_at: number;
};

export type Media = Selectable<MediaTable>;
export type MediaRegistration = Selectable<MediaRegistrationsTable>;
