/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly SITE_NAME?: string;
  readonly SUPPORT_PHONE?: string;
  readonly BROKERAGE_LICENSES?: string;
  readonly PUBLIC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
