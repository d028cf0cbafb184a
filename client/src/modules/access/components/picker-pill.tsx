import { Pill, type ComboboxRenderPillInput } from '@mantine/core';

/**
 * A chosen option's pill whose remove button is reachable by Tab and named ("Remove Grace
 * Hopper"): Mantine's own is hidden from keyboards and screen readers.
 */
export function renderPickerPill({ option, onRemove, disabled }: ComboboxRenderPillInput) {
  const label = option?.label ?? '';
  return (
    <Pill
      withRemoveButton={!disabled}
      disabled={disabled}
      onRemove={onRemove}
      removeButtonProps={{ 'aria-hidden': false, 'aria-label': `Remove ${label}`, tabIndex: 0 }}
    >
      {label}
    </Pill>
  );
}
