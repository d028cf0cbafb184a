import type { ModalProps } from '@mantine/core';

/** The member dialogs' shared look: a bold title and rounded corners. */
export const DIALOG_PROPS = {
  radius: 'lg',
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
} satisfies Partial<ModalProps>;
