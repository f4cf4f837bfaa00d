/**
 * The pin builder's draft (business spec sections 3, 4 and 9, "Pin creation"): its defaults,
 * the client-side checks of a chosen file, the upload status of a draft and its publishing status.
 * The builder makes single image and video pins, and story pins (their pages: story-pin-draft.ts);
 * carousels are not built.
 */

/** Spec section 9: the pin builder's file limit, 209715200 bytes. */
export const PIN_BUILDER_MAX_FILE_BYTES = 209_715_200;

/** The types the media pipeline accepts (it sniffs the bytes; this check only spares a doomed upload). */
export const PIN_BUILDER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PIN_BUILDER_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** Spec section 9: aspect ratios of single and carousel pins (width / height), tallest first. */
export const PIN_ASPECT_RATIOS = [
  { name: '2:3', value: 2 / 3 },
  { name: '3:4', value: 3 / 4 },
  { name: '1:1', value: 1 },
] as const;
export type PinAspectRatio = (typeof PIN_ASPECT_RATIOS)[number];

export type PinDraftType = 'single' | 'carousel' | 'story';
export type PublishingStatus = 'notAttempted' | 'attempted' | 'publishing' | 'succeeded' | 'failed';

export type PinDraft = {
  type: PinDraftType;
  mode: 'create' | 'edit';
  isCommentsAllowed: boolean;
  isShoppingRecAllowed: boolean;
  publishOption: 'publishImmediately';
  publishingStatus: PublishingStatus;
  pinItemIndex: number;
  pinItemIds: string[];
};

/** Spec section 9: comments and shopping recommendations allowed, publish at once, create mode, not attempted, no item. */
export function newPinDraft(): PinDraft {
  return {
    type: 'single',
    mode: 'create',
    isCommentsAllowed: true,
    isShoppingRecAllowed: true,
    publishOption: 'publishImmediately',
    publishingStatus: 'notAttempted',
    pinItemIndex: -1,
    pinItemIds: [],
  };
}

/** A second item makes a carousel and removing down to one or none a single pin; a story stays a story. */
export function draftTypeFor(current: PinDraftType, itemCount: number): PinDraftType {
  if (current === 'story') return 'story';
  return itemCount >= 2 ? 'carousel' : 'single';
}

/** Adds an item (the media the builder holds) and makes it the selected one. */
export function withDraftItem(draft: PinDraft, itemId: string): PinDraft {
  const pinItemIds = [...draft.pinItemIds.filter((id) => id !== itemId), itemId];
  return { ...draft, pinItemIds, pinItemIndex: pinItemIds.length - 1, type: draftTypeFor(draft.type, pinItemIds.length) };
}

/** Removes an item; the selection stays in range (-1 with none left). */
export function withoutDraftItem(draft: PinDraft, itemId: string): PinDraft {
  const pinItemIds = draft.pinItemIds.filter((id) => id !== itemId);
  return { ...draft, pinItemIds, pinItemIndex: Math.min(draft.pinItemIndex, pinItemIds.length - 1), type: draftTypeFor(draft.type, pinItemIds.length) };
}

const PUBLISHING_NEXT: Record<PublishingStatus, readonly PublishingStatus[]> = {
  notAttempted: ['attempted'],
  attempted: ['publishing'],
  publishing: ['succeeded', 'failed'],
  succeeded: [],
  failed: ['attempted'],
};

/** Spec progression attempted → publishing → succeeded; a failure may be attempted again. */
export function nextPublishingStatus(current: PublishingStatus, next: PublishingStatus): PublishingStatus {
  if (!PUBLISHING_NEXT[current].includes(next)) throw new Error(`A pin draft cannot go from ${current} to ${next}`);
  return next;
}

/** A draft may be published when it holds media, has a board, and is not being or already published. */
export function canPublish(draft: PinDraft, upload: UploadStatus | null, boardChosen: boolean): boolean {
  const idle = draft.publishingStatus === 'notAttempted' || draft.publishingStatus === 'failed';
  return idle && boardChosen && (upload === 'processing' || upload === 'ready');
}

/** A draft's upload: "uploading" first (spec), then processing on the server, then ready or failed. */
export type UploadStatus = 'uploading' | 'processing' | 'ready' | 'failed';

const UPLOAD_NEXT: Record<UploadStatus, readonly UploadStatus[]> = {
  uploading: ['processing', 'ready', 'failed'],
  processing: ['ready', 'failed'],
  ready: [],
  failed: ['uploading'],
};

/** The server's media status after an upload or a poll, as the draft's upload status. */
export function nextUploadStatus(current: UploadStatus, mediaStatus: 'processing' | 'ready' | 'failed'): UploadStatus {
  if (current === mediaStatus) return current;
  if (!UPLOAD_NEXT[current].includes(mediaStatus)) throw new Error(`An upload cannot go from ${current} to ${mediaStatus}`);
  return mediaStatus;
}

export type FileProblem = 'tooLarge' | 'unsupportedType' | 'empty';

/** The client-side check of a chosen file before it is sent. */
export function checkPinFile(file: { size: number; type: string }): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > PIN_BUILDER_MAX_FILE_BYTES) return 'tooLarge';
  const type = file.type.toLowerCase();
  const known: readonly string[] = [...PIN_BUILDER_IMAGE_TYPES, ...PIN_BUILDER_VIDEO_TYPES];
  return known.includes(type) ? null : 'unsupportedType';
}

/** Whether a chosen file is a video (its preview is a video element). */
export function isVideoFile(type: string): boolean {
  return type.toLowerCase().startsWith('video/');
}

/** The spec aspect ratio nearest to the media's, which the preview reserves. */
export function nearestPinAspectRatio(width: number, height: number): PinAspectRatio {
  const ratio = width > 0 && height > 0 ? width / height : PIN_ASPECT_RATIOS[0].value;
  let best: PinAspectRatio = PIN_ASPECT_RATIOS[0];
  for (const candidate of PIN_ASPECT_RATIOS) {
    if (Math.abs(Math.log(ratio / candidate.value)) < Math.abs(Math.log(ratio / best.value))) best = candidate;
  }
  return best;
}

/** Upload progress as a whole percentage, 0 to 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** A destination link as the server takes it: empty, or an http(s) URL with a host. */
export function isPinLink(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
