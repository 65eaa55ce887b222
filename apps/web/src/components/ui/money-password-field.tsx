import { TextField, type TextFieldProps } from './text-field.tsx';

/** The 6-digit payment password (§4): masked, digits keyboard on phones, not offered for autofill. */
export function MoneyPasswordField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength'>) {
  return <TextField type="password" inputMode="numeric" autoComplete="off" maxLength={6} {...props} />;
}
