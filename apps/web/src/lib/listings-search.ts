/**
 * The list pages' own behaviour beside the map (components/listings/): the phone's list or map
 * toggle, and a new place dropping the map area. Without JavaScript the map follows the list
 * and the filter bar keeps the area, as the server renders them.
 */

/** The phone's "List" and "Map" buttons: one of the two shows at a time under 1024 px. */
function initToggle(): void {
  const toggle = document.querySelector<HTMLElement>('[data-listings-toggle]');
  const search = document.querySelector<HTMLElement>('[data-listings-search]');
  if (!toggle || !search) return;
  const buttons = [...toggle.querySelectorAll<HTMLButtonElement>('button[data-show]')];
  for (const button of buttons) {
    button.addEventListener('click', () => {
      search.dataset.show = button.dataset.show;
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      // The map (70% of the screen's height) shows whole under the toggle.
      if (button.dataset.show === 'map') toggle.scrollIntoView({ block: 'start' });
      // Leaflet measures its box on a window resize: a map shown again draws to its new size.
      window.dispatchEvent(new Event('resize'));
    });
  }
  search.classList.add('listings-search--toggled');
  toggle.hidden = false;
  document.querySelector<HTMLElement>('[data-listings-jump]')?.setAttribute('hidden', '');
}

/** Typing another city or ZIP code searches there, not inside the map's old edges. */
function initPlace(): void {
  const area = document.querySelector<HTMLInputElement>('[data-listings-area]');
  const place = document.querySelector<HTMLInputElement>('#filter-place');
  if (!area || !place) return;
  const before = place.value;
  place.addEventListener('input', () => {
    area.disabled = place.value.trim() !== before.trim();
  });
}

export function initListingsSearch(): void {
  initToggle();
  initPlace();
}
