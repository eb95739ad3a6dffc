/**
 * Behaviour of the public navigation (spec section 2 "Public navigation", section 4 "Mobile menu
 * levels"): a small disclosure pattern, no framework.
 * - Desktop: each trigger opens its panel on click and closes it on a second click, on Escape
 *   (focus returns to the trigger), when focus leaves the menu, or on a click elsewhere.
 *   Opening one menu closes the others. Choosing a link closes the menu.
 * - The Services panel rotates its promo card every `data-rotation-ms` while it is open; hovering
 *   or focusing the card, or its pause button, holds the rotation (WCAG 2.2.2).
 * - Mobile: the toggle opens a menu at level `main`; each entry opens its level, whose back
 *   button returns to `main`. Choosing a link or pressing Escape closes the menu.
 */
export function initSiteNav(nav: HTMLElement): void {
  const items = [...nav.querySelectorAll<HTMLElement>('[data-menu]')];
  const rotationMs = Number(nav.dataset.rotationMs) || 7000;

  const parts = (item: HTMLElement) => ({
    trigger: item.querySelector<HTMLButtonElement>('[data-menu-trigger]'),
    panel: item.querySelector<HTMLElement>('[data-menu-panel]'),
  });

  // ---------- promo rotation ----------
  const rotator = nav.querySelector<HTMLElement>('[data-promo-rotator]');
  const cards = rotator ? [...rotator.querySelectorAll<HTMLElement>('[data-promo]')] : [];
  const pauseButton = rotator?.querySelector<HTMLButtonElement>('[data-promo-pause]') ?? null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let held = false;
  let paused = false;
  let shown = 0;

  const showCard = (index: number) => {
    shown = index;
    cards.forEach((card, i) => {
      card.hidden = i !== index;
    });
  };
  const startRotation = () => {
    if (timer || cards.length < 2) return;
    timer = setInterval(() => {
      if (!held && !paused) showCard((shown + 1) % cards.length);
    }, rotationMs);
  };
  const stopRotation = () => {
    clearInterval(timer);
    timer = undefined;
  };
  if (rotator) {
    const hold = () => {
      held = true;
    };
    const release = () => {
      held = false;
    };
    rotator.addEventListener('pointerenter', hold);
    rotator.addEventListener('pointerleave', release);
    rotator.addEventListener('focusin', hold);
    rotator.addEventListener('focusout', (event) => {
      if (!rotator.contains(event.relatedTarget as Node | null)) release();
    });
    pauseButton?.addEventListener('click', () => {
      paused = !paused;
      pauseButton.setAttribute('aria-pressed', String(paused));
      pauseButton.textContent = paused ? 'Resume rotating offers' : 'Pause rotating offers';
    });
  }

  // ---------- desktop menus ----------
  const close = (item: HTMLElement, returnFocus = false) => {
    const { trigger, panel } = parts(item);
    if (!trigger || !panel || trigger.getAttribute('aria-expanded') !== 'true') return;
    trigger.setAttribute('aria-expanded', 'false');
    panel.hidden = true;
    if (panel.contains(rotator)) stopRotation();
    if (returnFocus) trigger.focus();
  };
  const open = (item: HTMLElement) => {
    for (const other of items) if (other !== item) close(other);
    const { trigger, panel } = parts(item);
    if (!trigger || !panel) return;
    trigger.setAttribute('aria-expanded', 'true');
    panel.hidden = false;
    if (panel.contains(rotator)) startRotation();
  };
  const closeAll = () => {
    for (const item of items) close(item);
  };

  for (const item of items) {
    const { trigger, panel } = parts(item);
    trigger?.addEventListener('click', () => {
      if (trigger.getAttribute('aria-expanded') === 'true') close(item);
      else open(item);
    });
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && trigger?.getAttribute('aria-expanded') === 'true') {
        event.stopPropagation();
        close(item, true);
      }
    });
    item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      // Focus moving to nothing (a click on plain page text) is handled by the pointer listener.
      if (next && !item.contains(next)) close(item);
    });
    panel?.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) close(item);
    });
  }

  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    for (const item of items) if (!item.contains(target)) close(item);
    if (mobileMenu && !mobileMenu.hidden && !nav.contains(target)) closeMobile();
  });

  // ---------- mobile menu ----------
  const mobileToggle = nav.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const mobileMenu = nav.querySelector<HTMLElement>('[data-mobile-menu]');
  const levels = mobileMenu ? [...mobileMenu.querySelectorAll<HTMLElement>('[data-level]')] : [];
  const entries = mobileMenu
    ? [...mobileMenu.querySelectorAll<HTMLButtonElement>('[data-open-level]')]
    : [];

  const showLevel = (name: string) => {
    for (const level of levels) level.hidden = level.dataset.level !== name;
    for (const entry of entries)
      entry.setAttribute('aria-expanded', String(entry.dataset.openLevel === name));
    if (mobileMenu) mobileMenu.dataset.currentLevel = name;
  };
  const openMobile = () => {
    if (!mobileToggle || !mobileMenu) return;
    showLevel('main');
    mobileMenu.hidden = false;
    mobileToggle.setAttribute('aria-expanded', 'true');
  };
  function closeMobile(returnFocus = false) {
    if (!mobileToggle || !mobileMenu) return;
    mobileMenu.hidden = true;
    mobileToggle.setAttribute('aria-expanded', 'false');
    showLevel('main');
    if (returnFocus) mobileToggle.focus();
  }

  mobileToggle?.addEventListener('click', () => {
    if (mobileMenu?.hidden) openMobile();
    else closeMobile();
  });
  for (const entry of entries) {
    entry.addEventListener('click', () => {
      const name = entry.dataset.openLevel ?? 'main';
      showLevel(name);
      levels
        .find((level) => level.dataset.level === name)
        ?.querySelector<HTMLButtonElement>('[data-back]')
        ?.focus();
    });
  }
  mobileMenu?.addEventListener('click', (event) => {
    const target = event.target as Element;
    const back = target.closest('[data-back]');
    if (back) {
      const from = back.closest<HTMLElement>('[data-level]')?.dataset.level;
      showLevel('main');
      entries.find((entry) => entry.dataset.openLevel === from)?.focus();
      return;
    }
    if (target.closest('a')) closeMobile();
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && mobileMenu && !mobileMenu.hidden) closeMobile(true);
  });

  // A resize across the breakpoint leaves nothing open that can no longer be seen.
  matchMedia('(min-width: 1024px)').addEventListener('change', () => {
    closeAll();
    closeMobile();
  });
}
