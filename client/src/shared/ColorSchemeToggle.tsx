import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between the light and dark colour schemes (SPEC §4); the choice is remembered. Its
 * hint is the native title, not a Mantine Tooltip: the landing page shows this button, and a
 * Tooltip would bring the floating-position library (16 KB gzip) to a page that needs nothing else of it.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label="Toggle color scheme"
      title={`Switch to ${next} mode`}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? (
        <IconSun size={18} stroke={1.6} />
      ) : (
        <IconMoon size={18} stroke={1.6} />
      )}
    </ActionIcon>
  );
}
