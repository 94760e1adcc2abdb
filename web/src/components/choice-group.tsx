// A set of radio buttons drawn as chips or a segmented control. Native radios keep arrow-key navigation
// and screen-reader semantics; the fieldset's legend names the group.
import type { ReactNode } from 'react';
import './choice-group.css';

export interface Choice<T extends string> {
  value: T;
  /** Accessible name, and the visible text unless `visual` is given. */
  label: string;
  visual?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  variant?: 'chips' | 'segmented' | 'tiles';
  disabled?: boolean;
}

export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  variant = 'chips',
  disabled = false,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className={`choice-group choice-group--${variant}`} disabled={disabled}>
      <legend className="field-label">{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice" title={choice.visual ? choice.label : undefined}>
            <input
              type="radio"
              className="choice__input"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__face">
              {choice.visual ? (
                <>
                  {choice.visual}
                  <span className="visually-hidden">{choice.label}</span>
                </>
              ) : (
                choice.label
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
