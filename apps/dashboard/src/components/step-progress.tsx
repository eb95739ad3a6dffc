import { Link } from 'react-router';

export interface StepProgressProps<S extends string> {
  /** Names the navigation, e.g. "Listing steps". */
  label: string;
  steps: readonly S[];
  labels: Readonly<Record<S, string>>;
  current: S;
  completed: readonly S[];
  isOpen: (step: S, completed: readonly S[]) => boolean;
  href: (step: S) => string;
  /** Said after a done step, in brackets. */
  doneText: string;
}

/**
 * Where the person is among a builder's steps (MLS listing, FSBO listing): a stepper of numbered
 * circles (done, current, to do; issue 47) over an ordered list, the current step marked with
 * aria-current="step", done steps saying so in words, and links only to steps already open.
 */
export function StepProgress<S extends string>({
  label,
  steps,
  labels,
  current,
  completed,
  isOpen,
  href,
  doneText,
}: StepProgressProps<S>) {
  return (
    <nav aria-label={label} className="ds-steps">
      <ol>
        {steps.map((step, index) => {
          const done = completed.includes(step);
          const isCurrent = step === current;
          const open = isOpen(step, completed);
          // The number and "done" are said in words; the circle shows them (its ::before).
          const text = (
            <>
              <span className="ln-visually-hidden">{index + 1}.</span>{' '}
              <span className="ds-steps__name">{labels[step]}</span>
            </>
          );
          const mark = done ? '✓' : String(index + 1);
          return (
            <li
              key={step}
              className="ds-steps__step"
              data-state={isCurrent ? 'current' : done ? 'done' : open ? 'open' : 'locked'}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {open && !isCurrent ? (
                <Link to={href(step)} className="ds-steps__label" data-mark={mark}>
                  {text}
                </Link>
              ) : (
                <span className="ds-steps__label" data-mark={mark}>
                  {text}
                </span>
              )}
              {done ? <span className="ln-visually-hidden"> ({doneText})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
