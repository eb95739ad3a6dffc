/** Spec section 9: outbound links wait this long so the analytics event can leave. */
export const OUTBOUND_DELAY_MS = 150;

/** The one analytics provider, Plausible: where its script comes from unless configured. */
export const PLAUSIBLE_DEFAULT_SCRIPT_URL = 'https://plausible.io/js/script.js';

export interface AnalyticsSettings {
  provider: 'plausible';
  /** The site's domain as registered with Plausible. */
  domain: string;
  scriptUrl: string;
}

/**
 * Settings from PLAUSIBLE_DOMAIN and PLAUSIBLE_SCRIPT_URL, or null: with no provider configured,
 * neither the public site nor the dashboard sends anything. Read by the web build and the API.
 */
export function analyticsSettings(env: {
  PLAUSIBLE_DOMAIN?: string | undefined;
  PLAUSIBLE_SCRIPT_URL?: string | undefined;
}): AnalyticsSettings | null {
  const domain = env.PLAUSIBLE_DOMAIN?.trim();
  if (!domain) return null;
  return {
    provider: 'plausible',
    domain,
    scriptUrl: env.PLAUSIBLE_SCRIPT_URL?.trim() || PLAUSIBLE_DEFAULT_SCRIPT_URL,
  };
}

/**
 * The analytics adapter, inlined in every page (public site and dashboard shell) when configured.
 * Plausible's script counts page views, including the dashboard's client-side navigations.
 * It queues calls until the provider's script loads, records outbound link clicks, and delays
 * a same-window outbound navigation by OUTBOUND_DELAY_MS so the event is sent first. New-tab
 * links and modified clicks are never held.
 */
export const ANALYTICS_SCRIPT = `(function(w,d){var p=w.plausible=w.plausible||function(){(p.q=p.q||[]).push(arguments)};d.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[href]');if(!a)return;var u;try{u=new URL(a.href,w.location.href)}catch(x){return}if(u.host===w.location.host||!/^https?:$/.test(u.protocol))return;w.plausible('Outbound Link: Click',{props:{url:u.href}});if((a.target&&a.target!=='_self')||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();setTimeout(function(){w.location.href=u.href},${OUTBOUND_DELAY_MS})})})(window,document);`;
