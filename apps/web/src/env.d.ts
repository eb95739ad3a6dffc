/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly SITE_NAME?: string;
  readonly SUPPORT_PHONE?: string;
  readonly BROKERAGE_LICENSES?: string;
  readonly PUBLIC_URL?: string;
  readonly HEADER_SPECIAL_INSTRUCTION?: string;
  readonly PLAUSIBLE_DOMAIN?: string;
  readonly PLAUSIBLE_SCRIPT_URL?: string;
  readonly EXTERNAL_LINKS_FILE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace App {
  /** Given by the server to every page rendered on demand (packages/contracts/src/site/site-data.ts). */
  interface Locals {
    site: import('@lantern/contracts').SiteData;
    /** The address this server serves the site at (PUBLIC_URL): canonical URLs, the sitemap. */
    publicUrl: string;
    /** The FSBO review step's draft, for src/pages/listing-preview.astro only. */
    listingPreview?: import('@lantern/contracts').TListingPage;
  }
}

/** The US cities of the city pages, put into the build by integrations/us-cities.ts. */
declare module 'virtual:lantern/us-cities' {
  const cities: import('./data/cities.ts').City[];
  export default cities;
}

/** The pages of the sitemap and the search index (src/config/on-demand-pages.ts), from astro.config.ts. */
declare module 'virtual:lantern/indexed-paths' {
  const paths: string[];
  export default paths;
}
