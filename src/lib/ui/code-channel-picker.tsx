import { Fieldset, HStack, RadioGroup } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CodeChannel } from '../../../domain/account';

interface CodeChannelPickerProps<Channel extends CodeChannel> {
  channels: readonly Channel[];
  legend: string;
  value: Channel;
  onChange: (channel: Channel) => void;
  onBlur?: () => void;
  name?: string;
}

/**
 * Where a one-time code is sent, each channel named as the code screen names it. Takes a
 * react-hook-form `Controller` field's value, onChange, onBlur and name.
 */
export function CodeChannelPicker<Channel extends CodeChannel>({ channels, legend, value, onChange, onBlur, name }: CodeChannelPickerProps<Channel>) {
  const { t } = useTranslation();
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {/* Only the channels offered are items, so the chosen value is always one of them. */}
      <RadioGroup.Root name={name} value={value} onValueChange={(event) => onChange(event.value as Channel)}>
        <HStack gap="5" wrap="wrap">
          {channels.map((channel) => (
            <RadioGroup.Item key={channel} value={channel}>
              <RadioGroup.ItemHiddenInput onBlur={onBlur} />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`verification.channels.${channel}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}
