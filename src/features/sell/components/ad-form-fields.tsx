import { Card, Field, Fieldset, Heading, HStack, Input, InputGroup, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useFieldErrorText } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import type { AdFormApi, AdFormValues } from '../utils/ad-form-values';

/** One group of the ad form: a card with its heading and what the group is about. */
export function FormSection({ title, description, children, testId }: { title: string; description?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card.Root as="section" data-testid={testId}>
      <Card.Header gap="1">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        <Stack gap="5">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

type TextValueName = { [Name in keyof AdFormValues]: AdFormValues[Name] extends string ? Name : never }[keyof AdFormValues];
type SwitchName = { [Name in keyof AdFormValues]: AdFormValues[Name] extends boolean ? Name : never }[keyof AdFormValues];

interface NumberFieldProps {
  form: AdFormApi;
  name: TextValueName;
  label: string;
  /** The unit typed in: a currency sign, hours, minutes. */
  unit: string;
  required?: boolean;
  helperText?: ReactNode;
}

/** A whole number typed as text, so Arabic-Indic digits and grouping marks are read, not refused by the browser. */
export function NumberField({ form, name, label, unit, required, helperText }: NumberFieldProps) {
  const error = form.formState.errors[name]?.message;
  return (
    <TextField label={label} error={error} required={required} helperText={helperText}>
      <InputGroup endElement={<Text as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap">{unit}</Text>} endElementProps={{ pointerEvents: 'none' }}>
        <Input inputMode="numeric" autoComplete="off" {...form.register(name)} />
      </InputGroup>
    </TextField>
  );
}

interface SwitchFieldProps {
  form: AdFormApi;
  name: SwitchName;
  label: string;
  helperText?: ReactNode;
}

export function SwitchField({ form, name, label, helperText }: SwitchFieldProps) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={form.control}
      name={name as Path<AdFormValues>}
      render={({ field, fieldState }) => (
        <Field.Root invalid={!!fieldState.error}>
          <Switch.Root checked={field.value === true} onCheckedChange={(event) => field.onChange(event.checked)} name={field.name}>
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control />
            <Switch.Label>{label}</Switch.Label>
          </Switch.Root>
          {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
          <Field.ErrorText>{errorText(fieldState.error?.message)}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}

/** The star of a required field, for groups that are not a single Chakra field (checkbox lists, uploads). */
export function RequiredMark() {
  return (
    <Text as="span" color="fg.error" ms="1" aria-hidden="true">
      *
    </Text>
  );
}

type ChoiceName = 'condition' | 'shippingType';

interface RadioChoiceFieldProps {
  form: AdFormApi;
  name: ChoiceName;
  legend: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
}

/** One of a few named choices, all in sight (condition, shipping). */
export function RadioChoiceField({ form, name, legend, choices, required }: RadioChoiceFieldProps) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Fieldset.Root invalid={!!fieldState.error}>
          <Fieldset.Legend>
            {legend}
            {required ? <RequiredMark /> : null}
          </Fieldset.Legend>
          <RadioGroup.Root name={field.name} value={field.value || null} onValueChange={(event) => field.onChange(event.value ?? '')}>
            <HStack gap="6" wrap="wrap">
              {choices.map((choice, index) => (
                <RadioGroup.Item key={choice.value} value={choice.value}>
                  <RadioGroup.ItemHiddenInput ref={index === 0 ? field.ref : undefined} onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Fieldset.ErrorText>{errorText(fieldState.error?.message)}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}
