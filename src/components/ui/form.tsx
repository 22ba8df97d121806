'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Slot } from '@radix-ui/react-slot';
import { createContext, useContext, useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { cn } from './cn';
import { Label } from './label';
import { useHydrated } from './use-hydrated';

/**
 * The console's one form pattern (docs/console.md): react-hook-form validated by a shared zod schema from
 * src/schemas, the same one the server parses the request with. The form's values are the schema's input, what
 * `onSubmit` receives is its parsed output (trimmed, lower-cased …).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // Checked on submit, then again as the operator corrects: a message that appeared on blur would push the
    // submit button away between mousedown and mouseup, and the click would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/** `<Form form={form} onSubmit={…}>`: the form element, noValidate (the schema speaks, in the operator's language). */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  children,
  className,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => unknown;
  children: ReactNode;
}) {
  // After a refused submit the first field marked invalid takes the focus (what RHF's own shouldFocusError does
  // for registered inputs; done here from the DOM so Controller fields behind FormControl get it as well).
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const { submitCount, isSubmitSuccessful } = form.formState;
  useEffect(() => {
    if (submitCount > 0 && !isSubmitSuccessful)
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitSuccessful]);
  return (
    <FormProvider {...form}>
      <form
        ref={ref}
        noValidate
        className={cn('grid gap-4', className)}
        onSubmit={form.handleSubmit(async (values) => {
          await onSubmit(values);
        })}
        {...props}
      >
        {/* Until this form is hydrated its controls are disabled: a choice made in the server's HTML before React
            takes over would be lost (the form's state starts from its defaults), and a click would submit the
            page natively. `contents` keeps the form's own grid for the children. */}
        <fieldset disabled={!hydrated} className="contents">
          {children}
        </fieldset>
      </form>
    </FormProvider>
  );
}

type FieldContextValue = { name: string; label: string; id: string; hasDescription: boolean };
const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * One field: a label, the control (through `render`, given RHF's field props), an optional hint and the error.
 * The label also names the error ("请填写邮箱"), so messages never fall back to the schema's English.
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>({
  label,
  description,
  className,
  labelSuffix,
  ...props
}: ControllerProps<TValues, TName, TOutput> & {
  label: string;
  /** Shown after the label (a config key in <code>), not part of the error messages' {label}. */
  labelSuffix?: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <FieldContext.Provider value={{ name: props.name, label, id, hasDescription: Boolean(description) }}>
      <div data-slot="form-item" className={cn('grid gap-1.5', className)}>
        <FormLabel>
          {label}
          {labelSuffix && <> {labelSuffix}</>}
        </FormLabel>
        <Controller {...props} />
        {description && (
          <p id={`${id}-description`} data-slot="form-description" className="m-0 text-xs text-muted-foreground">
            {description}
          </p>
        )}
        <FormMessage />
      </div>
    </FieldContext.Provider>
  );
}

function useField() {
  const field = useContext(FieldContext);
  if (!field) throw new Error('FormControl, FormLabel and FormMessage belong inside FormField');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { error } = getFieldState(field.name, formState);
  return { ...field, error };
}

function FormLabel({ children }: { children: ReactNode }) {
  const { id, error } = useField();
  return (
    <Label htmlFor={`${id}-control`} data-error={Boolean(error)} className="data-[error=true]:text-destructive">
      {children}
    </Label>
  );
}

/** Wraps the control in `render`: gives it the label's id, the hint/error as its description and aria-invalid. */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { id, error, hasDescription } = useField();
  return (
    <Slot
      data-slot="form-control"
      id={`${id}-control`}
      aria-describedby={hasDescription ? `${id}-description ${id}-message` : `${id}-message`}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

const issueKeys: Record<string, MessageKey> = {
  required: 'ui.error.required',
  invalid_type: 'ui.error.required',
  too_small: 'ui.error.tooShort',
  too_big: 'ui.error.tooLong',
  invalid_format: 'ui.error.invalidFormat',
  invalid_value: 'ui.error.invalidValue',
};

/** A field error in the operator's language: a catalog key set by the caller (setError) or the zod issue code. */
export function fieldErrorText(
  t: ReturnType<typeof useI18n>['t'],
  error: FieldError,
  label: string,
  value?: unknown,
): string {
  if (error.message && /^[a-zA-Z]+\.[\w.]+$/.test(error.message)) {
    const text = t(error.message as MessageKey, { label });
    if (text !== error.message) return text;
  }
  // Blanks only are as good as nothing: the schemas trim before they count. (A Controller's error.ref is RHF's
  // focus handle, not the element, so the value comes from the form.)
  const emptyString = error.type === 'too_small' && typeof value === 'string' && value.trim() === '';
  return t(emptyString ? 'ui.error.required' : (issueKeys[error.type] ?? 'ui.error.invalidValue'), { label });
}

function FormMessage() {
  const { t } = useI18n();
  const { id, error, label, name } = useField();
  const { getValues } = useFormContext();
  return (
    <p id={`${id}-message`} data-slot="form-message" className="m-0 text-sm text-destructive empty:hidden">
      {error ? fieldErrorText(t, error, label, getValues(name)) : null}
    </p>
  );
}
