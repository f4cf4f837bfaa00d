import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, VIDEO_TYPES } from '../../../src/server/media/limits.ts';
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX, SECTION_TITLE_MAX } from '../../../src/shared/contracts/boards.ts';
import * as boardLimits from '../../../src/web/board-edit/board-limits.ts';
import * as pinLimits from '../../../src/web/pin-builder/pin-limits.ts';
import {
  canPublish,
  checkPinFile,
  draftTypeFor,
  isPinLink,
  isVideoFile,
  nearestPinAspectRatio,
  newPinDraft,
  nextPublishingStatus,
  nextUploadStatus,
  PIN_BUILDER_IMAGE_TYPES,
  PIN_BUILDER_MAX_FILE_BYTES,
  PIN_BUILDER_VIDEO_TYPES,
  uploadPercent,
  withDraftItem,
  withoutDraftItem,
} from '../../../src/shared/pin-draft.ts';
import { requiresSignIn } from '../../../src/shared/settings.ts';
import { PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_LINK_MAX, PIN_TITLE_MAX } from '../../../src/shared/contracts/pins.ts';

describe('pin draft defaults', () => {
  it('allows comments and shopping recommendations, publishes immediately, creates, has not attempted and holds no item', () => {
    expect(newPinDraft()).toEqual({
      type: 'single',
      mode: 'create',
      isCommentsAllowed: true,
      isShoppingRecAllowed: true,
      publishOption: 'publishImmediately',
      publishingStatus: 'notAttempted',
      pinItemIndex: -1,
      pinItemIds: [],
    });
  });

  it('gives each draft its own object', () => {
    expect(newPinDraft()).not.toBe(newPinDraft());
  });
});

describe('pin draft type: a second item makes a carousel, back to one or none makes it single, a story stays a story', () => {
  it('follows the number of items', () => {
    expect(draftTypeFor('single', 2)).toBe('carousel');
    expect(draftTypeFor('carousel', 1)).toBe('single');
    expect(draftTypeFor('carousel', 0)).toBe('single');
    expect(draftTypeFor('story', 3)).toBe('story');
    expect(draftTypeFor('story', 0)).toBe('story');
  });

  it('selects the item added and keeps the selection in range when one is removed', () => {
    const one = withDraftItem(newPinDraft(), 'm1');
    expect(one).toMatchObject({ pinItemIds: ['m1'], pinItemIndex: 0, type: 'single' });
    const two = withDraftItem(one, 'm2');
    expect(two).toMatchObject({ pinItemIds: ['m1', 'm2'], pinItemIndex: 1, type: 'carousel' });
    expect(withoutDraftItem(two, 'm2')).toMatchObject({ pinItemIds: ['m1'], pinItemIndex: 0, type: 'single' });
    expect(withoutDraftItem(one, 'm1')).toMatchObject({ pinItemIds: [], pinItemIndex: -1, type: 'single' });
  });
});

describe('pin draft status transitions', () => {
  it('publishes through attempted, publishing, then succeeded or failed; a failure may be attempted again', () => {
    let status = nextPublishingStatus('notAttempted', 'attempted');
    status = nextPublishingStatus(status, 'publishing');
    expect(nextPublishingStatus(status, 'succeeded')).toBe('succeeded');
    const failed = nextPublishingStatus(status, 'failed');
    expect(nextPublishingStatus(failed, 'attempted')).toBe('attempted');
  });

  it('refuses any other step', () => {
    expect(() => nextPublishingStatus('notAttempted', 'succeeded')).toThrow(/cannot go/);
    expect(() => nextPublishingStatus('succeeded', 'attempted')).toThrow(/cannot go/);
    expect(() => nextPublishingStatus('attempted', 'succeeded')).toThrow(/cannot go/);
  });

  it('starts an upload at uploading, then follows the server: processing, then ready or failed', () => {
    expect(nextUploadStatus('uploading', 'processing')).toBe('processing');
    expect(nextUploadStatus('uploading', 'ready')).toBe('ready');
    expect(nextUploadStatus('processing', 'processing')).toBe('processing');
    expect(nextUploadStatus('processing', 'ready')).toBe('ready');
    expect(nextUploadStatus('processing', 'failed')).toBe('failed');
    expect(() => nextUploadStatus('ready', 'processing')).toThrow(/cannot go/);
  });

  it('publishes only a draft with media being processed or ready, a board, and nothing under way', () => {
    const draft = newPinDraft();
    expect(canPublish(draft, 'ready', true)).toBe(true);
    expect(canPublish(draft, 'processing', true)).toBe(true);
    expect(canPublish(draft, 'uploading', true)).toBe(false);
    expect(canPublish(draft, 'failed', true)).toBe(false);
    expect(canPublish(draft, null, true)).toBe(false);
    expect(canPublish(draft, 'ready', false)).toBe(false);
    expect(canPublish({ ...draft, publishingStatus: 'publishing' }, 'ready', true)).toBe(false);
    expect(canPublish({ ...draft, publishingStatus: 'succeeded' }, 'ready', true)).toBe(false);
    expect(canPublish({ ...draft, publishingStatus: 'failed' }, 'ready', true)).toBe(true);
  });
});

describe('client-side upload checks', () => {
  it('holds files to the spec limit of 209715200 bytes, the server limit', () => {
    expect(PIN_BUILDER_MAX_FILE_BYTES).toBe(209_715_200);
    expect(PIN_BUILDER_MAX_FILE_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(checkPinFile({ size: PIN_BUILDER_MAX_FILE_BYTES, type: 'image/png' })).toBeNull();
    expect(checkPinFile({ size: PIN_BUILDER_MAX_FILE_BYTES + 1, type: 'image/png' })).toBe('tooLarge');
    expect(checkPinFile({ size: 0, type: 'image/png' })).toBe('empty');
  });

  it('takes the types the media pipeline takes, and nothing else', () => {
    expect([...PIN_BUILDER_IMAGE_TYPES]).toEqual([...IMAGE_TYPES]);
    expect([...PIN_BUILDER_VIDEO_TYPES]).toEqual([...VIDEO_TYPES]);
    for (const type of [...IMAGE_TYPES, ...VIDEO_TYPES, 'IMAGE/JPEG']) expect(checkPinFile({ size: 10, type })).toBeNull();
    for (const type of ['image/svg+xml', 'text/html', 'application/pdf', '']) expect(checkPinFile({ size: 10, type })).toBe('unsupportedType');
  });

  it('tells videos from images', () => {
    expect(isVideoFile('video/mp4')).toBe(true);
    expect(isVideoFile('image/gif')).toBe(false);
  });

  it('reports progress as a whole percentage within 0 to 100', () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(150, 100)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
  });

  it('reserves the spec aspect ratio nearest the media (2:3, 3:4 or 1:1)', () => {
    expect(nearestPinAspectRatio(1000, 1500).name).toBe('2:3');
    expect(nearestPinAspectRatio(600, 1800).name).toBe('2:3');
    expect(nearestPinAspectRatio(750, 1000).name).toBe('3:4');
    expect(nearestPinAspectRatio(1000, 1000).name).toBe('1:1');
    expect(nearestPinAspectRatio(1920, 1080).name).toBe('1:1');
    expect(nearestPinAspectRatio(0, 0).name).toBe('2:3');
  });
});

describe('pin and board fields follow the server', () => {
  it('uses the server limits', () => {
    expect({ ...pinLimits }).toEqual({ PIN_TITLE_MAX, PIN_DESCRIPTION_MAX, PIN_ALT_TEXT_MAX, PIN_LINK_MAX });
    expect({ ...boardLimits }).toEqual({ BOARD_NAME_MAX, BOARD_DESCRIPTION_MAX, SECTION_TITLE_MAX });
  });

  it('takes an empty link or an http(s) address with a host', () => {
    expect(isPinLink('')).toBe(true);
    expect(isPinLink('  https://example.com/a ')).toBe(true);
    expect(isPinLink('http://example.com')).toBe(true);
    expect(isPinLink('javascript:alert(1)')).toBe(false);
    expect(isPinLink('ftp://example.com')).toBe(false);
    expect(isPinLink('example.com')).toBe(false);
  });

  it('is for signed-in members only', () => {
    expect(requiresSignIn('pin-builder')).toBe(true);
    expect(requiresSignIn('pin')).toBe(false);
  });
});
