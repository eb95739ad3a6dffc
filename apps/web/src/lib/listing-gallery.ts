/**
 * The listing page's photo gallery (markup: components/listing/listing-gallery.astro).
 * Without JavaScript the first photo shows and each thumbnail links to its photo; with it, one
 * photo at a time with previous and next buttons, the arrow keys (Home and End too) while the
 * gallery has focus, a swipe on touch screens, the thumbnails choosing the photo, and a full
 * screen view.
 */

const SWIPE_MIN_PX = 40;

/** The index a key moves to, or null for a key the gallery does not use. */
export function indexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A horizontal swipe's direction (+1 next, -1 previous), or 0 for a tap or a scroll. */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

function enhance(gallery: HTMLElement): void {
  const slides = [...gallery.querySelectorAll<HTMLElement>('[data-slide]')];
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-go]')];
  const stage = gallery.querySelector<HTMLElement>('[data-gallery-stage]');
  const counter = gallery.querySelector<HTMLElement>('[data-gallery-counter]');
  if (slides.length < 2 || !stage) return;
  let current = 0;

  const show = (index: number) => {
    current = index;
    for (const [i, slide] of slides.entries()) slide.hidden = i !== index;
    for (const [i, thumb] of thumbs.entries()) {
      if (i === index) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    }
    if (counter) counter.textContent = `Photo ${index + 1} of ${slides.length}`;
    gallery.dispatchEvent(
      new CustomEvent('listing-gallery:show', { bubbles: true, detail: { index } }),
    );
  };

  for (const hidden of gallery.querySelectorAll<HTMLElement>(
    '[data-gallery-controls], [data-gallery-hint]',
  )) {
    hidden.hidden = false;
  }
  gallery
    .querySelector('[data-gallery-prev]')
    ?.addEventListener('click', () => show((current - 1 + slides.length) % slides.length));
  gallery
    .querySelector('[data-gallery-next]')
    ?.addEventListener('click', () => show((current + 1) % slides.length));
  for (const [i, thumb] of thumbs.entries()) {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      show(i);
    });
  }
  gallery.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const next = indexForKey(event.key, current, slides.length);
    if (next === null) return;
    event.preventDefault();
    show(next);
    // Arrowing along the thumbnails moves focus with the photo.
    if (target.closest('[data-go]')) thumbs[next]?.focus();
  });

  enhanceFullScreen(gallery);

  let start: { x: number; y: number } | null = null;
  stage.addEventListener(
    'touchstart',
    (event) => {
      const t = event.touches[0];
      start = t && event.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
    },
    { passive: true },
  );
  stage.addEventListener('touchend', (event) => {
    const t = event.changedTouches[0];
    if (!start || !t) return;
    const step = swipeStep(t.clientX - start.x, t.clientY - start.y);
    start = null;
    if (step) show((current + step + slides.length) % slides.length);
  });
}

/**
 * The gallery on the whole screen (issue 47), where the browser allows it: the same photo, keys
 * and buttons, the photo as large as the screen; Escape or the button leaves.
 */
function enhanceFullScreen(gallery: HTMLElement): void {
  const button = gallery.querySelector<HTMLButtonElement>('[data-gallery-full]');
  if (!button || !document.fullscreenEnabled) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    if (document.fullscreenElement === gallery) void document.exitFullscreen();
    else void gallery.requestFullscreen();
  });
  document.addEventListener('fullscreenchange', () => {
    button.textContent =
      document.fullscreenElement === gallery ? 'Exit full screen' : 'Full screen';
  });
}

/** Copy link: shown only where the clipboard can be written. */
function enhanceCopy(button: HTMLButtonElement): void {
  if (!navigator.clipboard) return;
  const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copyLink ?? window.location.href);
      if (status) status.textContent = 'Link copied.';
    } catch {
      if (status) status.textContent = 'Could not copy: select the address bar and copy it.';
    }
  });
}

export function initListingGallery(): void {
  for (const g of document.querySelectorAll<HTMLElement>('[data-gallery]')) enhance(g);
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-copy-link]')) enhanceCopy(b);
}
