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
 * Where the person is among a builder's steps (MLS listing, FSBO listing): an ordered list, the
 * current step marked with aria-current="step", done steps saying so in words, and links only to
 * steps already open.
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
          const text = `${index + 1}. ${labels[step]}`;
          const done = completed.includes(step);
          const isCurrent = step === current;
          const open = isOpen(step, completed);
          return (
            <li
              key={step}
              className="ds-steps__step"
              data-state={isCurrent ? 'current' : done ? 'done' : open ? 'open' : 'locked'}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {open && !isCurrent ? <Link to={href(step)}>{text}</Link> : <span>{text}</span>}
              {done ? <span className="ds-steps__state"> ({doneText})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
