import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The Lumen mark (same drawing as the favicon). */
export function LumenMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-lumen-5)" />
      <path d="M10 8v16h12v-3.5h-8V8z" fill="#fff" />
    </svg>
  );
}

/** Mark and name, linking home. */
export function LumenLogo({ to = '/', size = 28 }: { to?: string; size?: number }) {
  return (
    <Anchor
      component={Link}
      to={to}
      underline="never"
      c="inherit"
      aria-label="Lumen home"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexShrink: 0 }}
    >
      <LumenMark size={size} />
      <Text component="span" fw={700} fz={size * 0.7} lh={1} style={{ letterSpacing: '-0.02em' }}>
        Lumen
      </Text>
    </Anchor>
  );
}
