import type { ReactNode } from 'react';

/** `detail`: a line of its own under the whole choice (a promotion's reward on a top-up tier). */
type Choice = { value: string; label: string; extra?: ReactNode; note?: string; detail?: string };

type ChoiceListProps = {
  name: string;
  legend: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A class for the group, to lay out a list's choices its own way (the card top-up tiers). */
  className?: string;
};

/**
 * A group of big tappable choices built on native radio buttons: arrow keys move between them, screen
 * readers announce the group, and each whole row is the touch target.
 */
export function ChoiceList({ name, legend, choices, value, onChange, disabled = false, className }: ChoiceListProps) {
  return (
    <fieldset className={`checkout-card checkout-choices${className ? ` ${className}` : ''}`} disabled={disabled}>
      <legend className="checkout-legend">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={`checkout-choice${choice.value === value ? ' is-chosen' : ''}`}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
          />
          <span className="checkout-choice-text">
            <span className="checkout-choice-label">{choice.label}</span>
            {choice.note ? <span className="checkout-choice-note">{choice.note}</span> : null}
          </span>
          {choice.extra ? <span className="checkout-choice-extra">{choice.extra}</span> : null}
          {choice.detail ? <span className="checkout-choice-detail">{choice.detail}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
