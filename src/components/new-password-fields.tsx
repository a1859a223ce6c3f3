import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** SPEC.md §5 rule messages the password fails. */
  ruleFailures: readonly string[];
  /** 'Passwords do not match', or null. */
  mismatch: string | null;
  disabled: boolean;
}

/** Choosing a password (signup and reset): the new one with its strength meter, then its confirmation. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  ruleFailures,
  mismatch,
  disabled,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        value={password}
        onChange={onPasswordChange}
        problems={ruleFailures}
        withStrengthMeter
        autoComplete="new-password"
        disabled={disabled}
      />
      <PasswordField
        label={labels.confirm}
        value={confirm}
        onChange={onConfirmChange}
        problems={mismatch ? [mismatch] : []}
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}
