import type { TSocialProvider } from '@lantern/contracts';

/**
 * Each provider's own mark for its sign-in button, as the providers' branding rules ask.
 * Taken unchanged from the CC0 "SVG Logos" set (npm @iconify-json/logos, by Gil Barbara):
 * provider-logos.test.ts checks they still match it. The Apple mark is drawn in the text colour.
 */
const LOGOS: Record<TSocialProvider, { icon: string; viewBox: string; body: string }> = {
  apple: {
    icon: 'apple',
    viewBox: '0 0 256 315',
    body: '<path fill="currentColor" d="M213.803 167.03c.442 47.58 41.74 63.413 42.197 63.615c-.35 1.116-6.599 22.563-21.757 44.716c-13.104 19.153-26.705 38.235-48.13 38.63c-21.05.388-27.82-12.483-51.888-12.483c-24.061 0-31.582 12.088-51.51 12.871c-20.68.783-36.428-20.71-49.64-39.793c-27-39.033-47.633-110.3-19.928-158.406c13.763-23.89 38.36-39.017 65.056-39.405c20.307-.387 39.475 13.662 51.889 13.662c12.406 0 35.699-16.895 60.186-14.414c10.25.427 39.026 4.14 57.503 31.186c-1.49.923-34.335 20.044-33.978 59.822M174.24 50.199c10.98-13.29 18.369-31.79 16.353-50.199c-15.826.636-34.962 10.546-46.314 23.828c-10.173 11.763-19.082 30.589-16.678 48.633c17.64 1.365 35.66-8.964 46.64-22.262"/>',
  },
  google: {
    icon: 'google-icon',
    viewBox: '0 0 256 262',
    body: '<path fill="#4285f4" d="M255.878 133.451c0-10.734-.871-18.567-2.756-26.69H130.55v48.448h71.947c-1.45 12.04-9.283 30.172-26.69 42.356l-.244 1.622l38.755 30.023l2.685.268c24.659-22.774 38.875-56.282 38.875-96.027"/><path fill="#34a853" d="M130.55 261.1c35.248 0 64.839-11.605 86.453-31.622l-41.196-31.913c-11.024 7.688-25.82 13.055-45.257 13.055c-34.523 0-63.824-22.773-74.269-54.25l-1.531.13l-40.298 31.187l-.527 1.465C35.393 231.798 79.49 261.1 130.55 261.1"/><path fill="#fbbc05" d="M56.281 156.37c-2.756-8.123-4.351-16.827-4.351-25.82c0-8.994 1.595-17.697 4.206-25.82l-.073-1.73L15.26 71.312l-1.335.635C5.077 89.644 0 109.517 0 130.55s5.077 40.905 13.925 58.602z"/><path fill="#eb4335" d="M130.55 50.479c24.514 0 41.05 10.589 50.479 19.438l36.844-35.974C195.245 12.91 165.798 0 130.55 0C79.49 0 35.393 29.301 13.925 71.947l42.211 32.783c10.59-31.477 39.891-54.251 74.414-54.251"/>',
  },
  microsoft: {
    icon: 'microsoft-icon',
    viewBox: '0 0 256 256',
    body: '<path fill="#f1511b" d="M121.666 121.666H0V0h121.666z"/><path fill="#80cc28" d="M256 121.666H134.335V0H256z"/><path fill="#00adef" d="M121.663 256.002H0V134.336h121.663z"/><path fill="#fbbc09" d="M256 256.002H134.335V134.336H256z"/>',
  },
};

export const PROVIDER_LOGOS = LOGOS;

/** The provider's mark, decorative: the button's text names the provider. */
export function ProviderLogo({ provider }: { provider: TSocialProvider }) {
  const logo = LOGOS[provider];
  return (
    <svg
      className="ln-social__logo"
      viewBox={logo.viewBox}
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      // A constant from this file, never user input.
      dangerouslySetInnerHTML={{ __html: logo.body }}
    />
  );
}
