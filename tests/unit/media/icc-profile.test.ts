import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isSrgbProfile } from '../../../src/server/media/icc-profile.ts';

/** The profile libvips embeds for one of its built-in names (srgb, p3, cmyk). */
async function builtInProfile(name: string): Promise<Buffer> {
  const channels = name === 'cmyk' ? 'cmyk' : 'srgb';
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .toColourspace(channels)
    .jpeg()
    .withIccProfile(name)
    .toBuffer();
  const { icc } = await sharp(jpeg).metadata();
  if (!icc) throw new Error(`no ${name} profile`);
  return icc;
}

/** A copy of a profile whose red tone curve is a plain gamma (a 'curv' with one entry). */
function withRedGamma(icc: Buffer, gamma: number): Buffer {
  const copy = Buffer.from(icc);
  for (let i = 0; i < copy.readUInt32BE(128); i++) {
    const entry = 132 + 12 * i;
    if (copy.toString('latin1', entry, entry + 4) !== 'rTRC') continue;
    const offset = copy.readUInt32BE(entry + 4);
    copy.write('curv', offset, 'latin1');
    copy.writeUInt32BE(0, offset + 4);
    copy.writeUInt32BE(1, offset + 8);
    copy.writeUInt16BE(Math.round(gamma * 256), offset + 12);
    copy.writeUInt32BE(14, entry + 8);
  }
  return copy;
}

describe('telling an sRGB colour profile', () => {
  it('knows sRGB by its primaries and tone curve, whatever it is called', async () => {
    const srgb = await builtInProfile('srgb');
    expect(isSrgbProfile(srgb)).toBe(true);
    expect(isSrgbProfile(withRedGamma(srgb, 2.2))).toBe(true);
  });

  it('refuses wide-gamut, other curves, CMYK and damaged profiles', async () => {
    const srgb = await builtInProfile('srgb');
    expect(isSrgbProfile(await builtInProfile('p3'))).toBe(false);
    expect(isSrgbProfile(withRedGamma(srgb, 1.8))).toBe(false);
    expect(isSrgbProfile(withRedGamma(srgb, 1))).toBe(false);
    expect(isSrgbProfile(await builtInProfile('cmyk'))).toBe(false);
    expect(isSrgbProfile(srgb.subarray(0, 100))).toBe(false);
    expect(isSrgbProfile(srgb.subarray(0, 200))).toBe(false);
  });
});
