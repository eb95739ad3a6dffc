/**
 * A listing page's form behind one button named as its section (issue 47): "Ask a question",
 * "Request a showing". Closed, the aside reads as a few actions beside the home, not two long
 * forms; the button opens the form and its intro once and hands focus to the first field. The
 * server renders the form hidden (it needs this script), so without JavaScript nothing changes.
 */
export function openOnDemand(form: HTMLFormElement): void {
  const section = form.closest('section');
  const heading = section?.querySelector('h2');
  if (!section || !heading) {
    form.hidden = false;
    return;
  }
  const intro = section.querySelector<HTMLElement>('[data-open-intro]');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'ln-btn ln-btn--secondary listing-open';
  button.textContent = heading.textContent ?? '';
  button.setAttribute('aria-expanded', 'false');
  if (form.id) button.setAttribute('aria-controls', form.id);
  heading.classList.add('ln-visually-hidden');
  if (intro) intro.hidden = true;
  heading.after(button);
  button.addEventListener('click', () => {
    heading.classList.remove('ln-visually-hidden');
    if (intro) intro.hidden = false;
    form.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    button.hidden = true;
    form
      .querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea',
      )
      ?.focus();
  });
}
