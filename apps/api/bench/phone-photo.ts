import sharp from 'sharp';

/** A phone-sized photo: 4032 × 3024 of fine noise, so JPEG cannot shrink it to nothing (~5 MB). */
export function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .blur(0.55)
    .jpeg({ quality: 91 })
    .toBuffer();
}
