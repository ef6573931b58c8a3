/** SVG → WebP with sharp, at the best quality that fits each picture's byte budget. */
import sharp from 'sharp';

/** Lowers the WebP quality until the file fits its budget. */
export async function renderWebp(svg: string, maxBytes: number): Promise<{ data: Buffer; quality: number }> {
  for (let quality = 82; quality >= 40; quality -= 6) {
    const data = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
    if (data.length <= maxBytes) return { data, quality };
  }
  throw new Error(`cannot fit the artwork into ${maxBytes} bytes`);
}
