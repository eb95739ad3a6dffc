import type { BrandData } from './templates.ts';

/** The brand every mail is signed with, from the server's settings (PUBLIC_URL's origin). */
export function mailBrand(config: {
  siteName: string;
  supportPhone: string;
  publicUrl: URL;
}): BrandData {
  return {
    siteName: config.siteName,
    supportPhone: config.supportPhone,
    publicUrl: config.publicUrl.origin,
  };
}
