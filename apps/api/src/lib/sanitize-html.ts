import sanitize from 'sanitize-html';

/**
 * HTML the spec renders as HTML (page-load errors, the special-instruction banner) is cleaned
 * here, on the server, before any page gets it: a few inline and list tags, http(s)/mailto/tel
 * links only, and a new-tab link always gets rel="noopener noreferrer" (spec 9).
 */
export function sanitizeBannerHtml(html: string): string {
  return sanitize(html, {
    allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const kept: Record<string, string> = attribs.href ? { href: attribs.href } : {};
        if (attribs.target === '_blank')
          Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
        return { tagName, attribs: kept };
      },
    },
  }).trim();
}
