import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The props that tie a MUI TextField to a react-hook-form field: its ref, whether it is in error
 * and the message under it, put in words by `errorText` (the form's messages are keys).
 */
export function textFieldProps<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  errorText: (message: string | undefined) => string | undefined,
) {
  return (name: Path<T> & keyof T) => {
    const { ref, ...rest } = register(name);
    const message = errors[name]?.message;
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(errors[name]),
      helperText: errorText(typeof message === 'string' ? message : undefined),
    };
  };
}

/**
 * Reads a required field in a zod `transform`: its value as `read` understands it, or null after
 * adding the field's problem (`required` when empty, `invalid` when `read` gives null).
 */
export function readRequired<T>(
  ctx: z.RefinementCtx,
  path: string,
  text: string,
  read: (text: string) => T | null,
  messages: { required: string; invalid: string },
): T | null {
  const problem = (message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!text.trim()) {
    problem(messages.required);
    return null;
  }
  const value = read(text);
  if (value === null) problem(messages.invalid);
  return value;
}
