import { useNavigate } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { useVisibleFlag } from '../hooks/use-visible-flag.ts';

/**
 * Switches the menu between visible and hidden properties (kept in session storage) and
 * reloads the overview with the new flag (spec 4).
 */
export function VisibleToggle() {
  const navigate = useNavigate();
  const { showVisible, setShowVisible } = useVisibleFlag();
  const label = showVisible ? 'Show hidden properties' : 'Show visible properties';
  return (
    <button
      type="button"
      className="ln-btn ln-btn--ghost ds-icon-btn"
      aria-label={label}
      title={label}
      onClick={() => {
        setShowVisible(!showVisible);
        navigate(`/dashboard?visible=${showVisible ? '0' : '1'}`);
      }}
    >
      <Icon name={showVisible ? 'eyeOff' : 'eye'} />
      {/* The visible words start the accessible name (WCAG 2.5.3); hidden under 768px. */}
      <span className="ds-toggle-text" aria-hidden="true">
        {showVisible ? 'Show hidden' : 'Show visible'}
      </span>
    </button>
  );
}
