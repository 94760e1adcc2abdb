import { useId } from 'react';
import { ChevronDownIcon } from './icons.tsx';
import './select-field.css';

interface SelectFieldProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}

export function SelectField<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="select-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="select-field__control">
        <select
          id={id}
          className="select-field__select"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="select-field__chevron" />
      </div>
    </div>
  );
}
