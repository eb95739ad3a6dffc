/**
 * How a form that recomputes a figure in place listens (the savings calculator, the listing
 * page's payment estimate): while the visitor types, `update(false)` after a 200 ms pause, so a
 * live region does not announce every keystroke and a half-typed figure shows no error yet; on
 * leaving a field or sending the form, `update(true)`, which shows the errors. The form never
 * navigates; `onSubmit` runs after the update (to keep the figures in the URL, say).
 */
export function listenLive(
  form: HTMLFormElement,
  update: (always: boolean) => void,
  onSubmit?: () => void,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => update(false), 200);
  });
  form.addEventListener('change', () => {
    clearTimeout(timer);
    update(true);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    update(true);
    onSubmit?.();
  });
}
