import { Burger } from '@mantine/core';

/** Below the theme's sm breakpoint (576px, SPEC §9) the rail gives way to the drawer (NavDrawer). */
/** The button that opens the navigation drawer on phones (hidden from sm up). */
export function NavBurger({ opened, onOpen }: { opened: boolean; onOpen: () => void }) {
  return (
    <Burger
      hiddenFrom="sm"
      size="sm"
      opened={opened}
      onClick={onOpen}
      aria-label="Open navigation"
      aria-expanded={opened}
      aria-controls="nav-drawer"
    />
  );
}
