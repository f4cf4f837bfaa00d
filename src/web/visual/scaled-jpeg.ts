/**
 * The picture drawn at most `side` pixels on its longer edge, as a JPEG data URL; null when the
 * browser cannot draw it (the server may still read it).
 */
export async function scaledJpeg(picture: Blob, side: number, quality: number): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(picture);
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', quality);
  } catch {
    return null;
  }
}
