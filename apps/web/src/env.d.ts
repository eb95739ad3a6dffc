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
