import sharp from 'sharp';

/** The push-pin mark of the header, as the tab icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#e60023"/>' +
  '<path d="M12 7h8l-1.3 6.2 3.3 3.3v1.5h-5V25l-1 2-1-2v-7h-5v-1.5l3.3-3.3z" fill="#fff"/></svg>';

/** The sizes browsers and bookmark lists pick from. */
const ICON_SIZES = [16, 32, 48] as const;

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

let favicon: Promise<Buffer> | null = null;

/**
 * /favicon.ico, drawn from the same mark as /favicon.svg once per process: clients that ask for
 * the .ico by habit (feed readers, old browsers, bookmark tools) get the same picture.
 */
export function faviconIco(): Promise<Buffer> {
  favicon ??= Promise.all(
    ICON_SIZES.map((size) =>
      sharp(Buffer.from(FAVICON_SVG), { density: (72 * size) / 32 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  ).then((pngs) => packIco(pngs.map((png, i) => ({ size: ICON_SIZES[i] ?? 0, png }))));
  return favicon;
}

/** An ICO container whose images are PNG streams, as every browser since 2007 reads them. */
function packIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = HEADER_BYTES + ENTRY_BYTES * i;
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
