import { unreadableImage } from './image-errors.ts';

/**
 * A JPEG rebuilt from its image segments only (docs/decisions/0008-media-pipeline.md): SOI, the
 * tables (DQT, DHT, DAC, DRI), the frame header, every scan with its entropy-coded data, EOI.
 * APPn segments (JFIF, EXIF with GPS, XMP, ICC, Photoshop...) and comments are dropped, and
 * whatever follows EOI (a motion photo's MP4, an archive) is cut. The compressed picture is
 * copied byte for byte, so the rebuilt file shows exactly the pixels of the upload.
 */
export type JpegImage = {
  data: Buffer;
  /**
   * True when the rebuilt file decodes to the same colours: greyscale, or YCbCr both with the
   * dropped JFIF/Adobe markers and without them. A 3-component file those markers declare RGB,
   * and CMYK/YCCK, are false: without the markers a decoder would read them otherwise.
   */
  sameColours: boolean;
};

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const DNL = 0xdc;
/** Tables and headers a decoder needs: DQT, DHT, DAC, DRI and the frame headers SOF0-SOF15. */
const IMAGE_MARKERS = new Set([0xdb, 0xc4, 0xcc, 0xdd, 0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the markers; a file without its end, or with bytes that are no JPEG structure, is unreadable. */
export function rebuildJpeg(jpeg: Buffer): JpegImage {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) throw unreadableImage();
  const pieces: Buffer[] = [jpeg.subarray(0, 2)];
  const colours: ColourMarkers = { jfif: false, adobeTransform: null, componentIds: null };
  let scanned = false;
  for (let at = 2; ;) {
    if (jpeg[at] !== 0xff) throw unreadableImage();
    while (jpeg[at + 1] === 0xff) at += 1; // fill bytes before a marker
    const marker = jpeg[at + 1];
    if (marker === undefined) throw unreadableImage();
    if (marker === EOI) {
      if (!scanned || !colours.componentIds) throw unreadableImage();
      pieces.push(jpeg.subarray(at, at + 2));
      return { data: Buffer.concat(pieces), sameColours: sameColours(colours) };
    }
    // A stray restart marker or TEM between segments has no length; decoders skip it.
    if (isRestart(marker) || marker === 0x01) {
      at += 2;
      continue;
    }
    const end = segmentEnd(jpeg, at);
    const body = jpeg.subarray(at + 4, end);
    if (isApp(marker)) noteColourMarker(colours, marker, body);
    else if (isFrame(marker)) {
      if (colours.componentIds) throw unreadableImage();
      colours.componentIds = frameComponents(body);
      pieces.push(jpeg.subarray(at, end));
    } else if (IMAGE_MARKERS.has(marker)) pieces.push(jpeg.subarray(at, end));
    else if (marker === SOS) {
      if (!colours.componentIds) throw unreadableImage();
      const scanEnd = entropyDataEnd(jpeg, end);
      pieces.push(jpeg.subarray(at, scanEnd));
      scanned = true;
      at = scanEnd;
      continue;
    } else if (marker !== COM && marker !== DNL) throw unreadableImage();
    at = end;
  }
}

/** Where a segment with a length field ends; past the end of the file means it was cut short. */
function segmentEnd(jpeg: Buffer, at: number): number {
  if (at + 4 > jpeg.length) throw unreadableImage();
  const length = jpeg.readUInt16BE(at + 2);
  if (length < 2 || at + 2 + length > jpeg.length) throw unreadableImage();
  return at + 2 + length;
}

/**
 * Entropy-coded data runs to the first marker that is not a stuffed 0xFF00 nor a restart
 * marker (RST0-7, which belong to the scan). No marker before the end of the file: cut short.
 */
function entropyDataEnd(jpeg: Buffer, from: number): number {
  for (let at = jpeg.indexOf(0xff, from); at >= 0; at = jpeg.indexOf(0xff, at + 1)) {
    const next = jpeg[at + 1];
    if (next === undefined) break;
    if (next === 0x00 || isRestart(next)) at += 1;
    else if (next !== 0xff) return at;
    else {
      // 0xFF 0xFF...: fill bytes, then a marker.
      let marker = at + 1;
      while (jpeg[marker] === 0xff) marker += 1;
      const code = jpeg[marker];
      if (code !== undefined && code !== 0x00 && !isRestart(code)) return at;
      at = marker;
    }
  }
  throw unreadableImage();
}

type ColourMarkers = { jfif: boolean; adobeTransform: number | null; componentIds: number[] | null };

/** The only facts the dropped APPn segments hold for a decoder: how the components are coded. */
function noteColourMarker(colours: ColourMarkers, marker: number, body: Buffer): void {
  if (marker === 0xe0 && body.length >= 14 && body.toString('latin1', 0, 5) === 'JFIF\0') colours.jfif = true;
  if (marker === 0xee && body.length >= 12 && body.toString('latin1', 0, 5) === 'Adobe') colours.adobeTransform = body[11] ?? null;
}

function frameComponents(body: Buffer): number[] {
  const count = body[5];
  if (count === undefined || count < 1 || body.length < 6 + 3 * count) throw unreadableImage();
  return Array.from({ length: count }, (_, i) => body[6 + 3 * i] ?? 0);
}

/**
 * libjpeg's reading of a 3-component file: JFIF means YCbCr; else an Adobe marker's transform
 * (0 RGB, otherwise YCbCr); else component ids 'R','G','B' mean RGB and anything else YCbCr.
 */
function sameColours({ jfif, adobeTransform, componentIds }: ColourMarkers): boolean {
  if (componentIds?.length === 1) return true;
  if (componentIds?.length !== 3) return false;
  // Without markers only the ids decide, so ids 'R','G','B' would turn YCbCr data into RGB.
  const namedRgb = componentIds.join() === '82,71,66';
  return !namedRgb && (jfif || adobeTransform !== 0);
}
