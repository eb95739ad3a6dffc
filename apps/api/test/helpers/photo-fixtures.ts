import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, mlsListings, newHash, orders, products, propertyParticipants } from '@lantern/db';
import type { TMlsListingStep } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';

/** A real 1280×960 HEIC (HEVC inside), made offline with libheif's heif-enc from a PNG. */
export const HEIC_1280x960 = readFileSync(
  join(import.meta.dirname, '..', 'fixtures', 'photos', '1280x960.heic'),
);

/** A JPEG of the given size; `gps` adds EXIF with a GPS position, `orientation` an EXIF turn. */
export async function jpeg(
  width: number,
  height: number,
  options: { gps?: boolean; orientation?: number; noise?: boolean } = {},
): Promise<Buffer> {
  let image = options.noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: '#5a7d9a' } });
  image = image.jpeg({ quality: 95 });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'Lantern test camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5600/100',
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#ffffff80' } })
    .png()
    .toBuffer();

/** Whether an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
export const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** A multipart/form-data body with one `files` part per file. */
export function multipart(files: { name: string; type?: string; data: Buffer }[]) {
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The property's MLS listing order and its draft listing, inserted directly, with the steps
 * before photos done (`steps` changes that).
 */
export async function addMlsListing(
  db: Db,
  propertyId: number,
  userId: number,
  steps: TMlsListingStep[] = ['location', 'form', 'services'],
) {
  const [product] = await db.select().from(products).where(eq(products.slug, 'mls-listing-state'));
  if (!product) throw new Error('no mls-listing-state product');
  const [order] = await db
    .insert(orders)
    .values({ hash: newHash(), propertyId, productId: product.id, userId, status: 'confirmed' })
    .returning();
  if (!order) throw new Error('no order');
  const [listing] = await db
    .insert(mlsListings)
    .values({ hash: newHash(), propertyId, orderId: order.id, completedSteps: steps })
    .returning();
  if (!listing) throw new Error('no listing');
  return listing;
}

/** Another user on the property, who may read but not change (can_edit false). */
export async function addReader(db: Db, propertyId: number, userId: number) {
  await db
    .insert(propertyParticipants)
    .values({ propertyId, userId, role: 'buyer', canEdit: false });
}
