import type { PlaceSuggestion } from '@lantern/address';
import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../class-names.ts';
import { FieldMessages, useFieldIds } from '../field.tsx';

export interface AddressAutocompleteProps
  extends Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'onSelect' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Called with a chosen suggestion. */
  onSelect: (suggestion: PlaceSuggestion) => void;
  /** Fetches suggestions for what has been typed (GET /api/places/autocomplete). */
  suggest: (input: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;
  hint?: ReactNode;
  error?: ReactNode;
}

const DEBOUNCE_MS = 250;

/** Worth asking about: three characters or more, with a letter (a house number alone is not a place). */
function worthAsking(text: string): boolean {
  const t = text.trim();
  return t.length >= 3 && /\p{L}/u.test(t);
}

/**
 * The suggestions for what the person typed, asked once typing pauses; a late answer for an
 * older text is dropped.
 */
function useSuggestions(value: string, suggest: AddressAutocompleteProps['suggest']) {
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Only what the person typed asks for suggestions; a value set by the form (a chosen place,
  // the likely address) does not.
  const typed = useRef<string | null>(null);

  useEffect(() => {
    const text = typed.current;
    if (text === null || text !== value || !worthAsking(text)) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(text, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
        },
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, suggest]);
  return { typed, suggestions, setSuggestions, open, setOpen, active, setActive };
}

/**
 * A text field with US place suggestions: the WAI-ARIA combobox pattern (list autocomplete).
 * Arrow keys move through the suggestions, Enter chooses, Escape closes the list.
 */
export function AddressAutocomplete({
  label,
  value,
  onChange,
  onSelect,
  suggest,
  hint,
  error,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: AddressAutocompleteProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    { hint, error },
    ariaDescribedBy,
  );
  const listId = useId();
  const { typed, suggestions, setSuggestions, open, setOpen, active, setActive } = useSuggestions(
    value,
    suggest,
  );

  const expanded = open && suggestions.length > 0;
  const choose = (suggestion: PlaceSuggestion) => {
    typed.current = null;
    setOpen(false);
    setSuggestions([]);
    onSelect(suggestion);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape' && expanded) {
      // Only the list closes; a surrounding panel keeps its own Escape for the next press.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  return (
    <div className="ln-field ln-combobox">
      <label htmlFor={controlId} className="ln-label">
        {label}
      </label>
      <input
        type="text"
        autoComplete="off"
        {...inputProps}
        id={controlId}
        className={cx('ln-input', className)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          typed.current = event.target.value;
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div id={listId} role="listbox" className="ln-combobox__list" hidden={!expanded}>
        {suggestions.map((s, i) => (
          <div
            key={s.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="ln-combobox__option"
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(s);
            }}
          >
            <span className="ln-combobox__main">{s.mainText}</span>{' '}
            <span className="ln-combobox__secondary">{s.secondaryText}</span>
          </div>
        ))}
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
