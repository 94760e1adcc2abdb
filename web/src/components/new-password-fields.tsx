// The "new password, then type it again" pair of registration, the reset link and settings: the rules as a
// hint under the first, autocomplete that lets a password manager offer one, the length the server accepts,
// and the form's error read with the field it is about. The caller owns the values, the checks and the texts.
import { useId } from 'react';
import { PASSWORD_MAX } from '../auth/recovery-model.ts';

export type NewPasswordField = 'password' | 'confirm';

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Translated by the caller: registration says "Password", the recovery pages "New password". */
  labels: { password: string; hint: string; confirm: string };
  /**
   * The error shown below, when it concerns these fields: its element's id and the field it marks invalid;
   * field null is an error about the whole form, which describes both fields and marks neither.
   */
  error?: { id: string; field: NewPasswordField | null } | null;
}

export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  labels,
  error = null,
}: NewPasswordFieldsProps) {
  const ids = { password: useId(), hint: useId(), confirm: useId() };
  const errorFor = (field: NewPasswordField) =>
    error && (error.field === field || error.field === null) ? error.id : '';
  const describedBy = (field: NewPasswordField, hint?: string) =>
    [hint ?? '', errorFor(field)].join(' ').trim() || undefined;
  const input = (
    field: NewPasswordField,
    value: string,
    onChange: (value: string) => void,
    hint?: string,
  ) => (
    <input
      id={ids[field]}
      type="password"
      className="text-input"
      autoComplete="new-password"
      maxLength={PASSWORD_MAX}
      value={value}
      aria-invalid={error?.field === field ? true : undefined}
      aria-describedby={describedBy(field, hint)}
      onChange={(event) => onChange(event.target.value)}
    />
  );

  return (
    <>
      <div className="field">
        <label htmlFor={ids.password} className="field-label">
          {labels.password}
        </label>
        {input('password', password, onPasswordChange, ids.hint)}
        <p id={ids.hint} className="field-hint">
          {labels.hint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.confirm} className="field-label">
          {labels.confirm}
        </label>
        {input('confirm', confirm, onConfirmChange)}
      </div>
    </>
  );
}
