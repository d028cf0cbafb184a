import { Group, Progress, Text } from '@mantine/core';
import type { PasswordStrength } from '../password-strength';

/**
 * Four bars and a word for how hard the password is to guess, and, when it is refused, how to
 * do better. The text is announced politely as it changes.
 */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength }) {
  // Anything refused reads "Too weak" whatever its score; accepted passwords score 3 or 4.
  const refused = strength.problem !== null;
  const [label, color] = refused
    ? ['Too weak', 'red']
    : strength.score >= 4
      ? ['Strong', 'green']
      : ['Good', 'teal'];
  return (
    <div style={{ marginTop: 8 }}>
      <Group gap={4} grow aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <Progress
            key={bar}
            size={4}
            value={strength.score >= bar || (bar === 1 && refused) ? 100 : 0}
            color={color}
          />
        ))}
      </Group>
      <Text component="span" display="block" size="xs" mt={6} aria-live="polite">
        <Text span fw={600} c={color} inherit>
          {label}
        </Text>
        {refused && strength.problem!.hint ? ` — ${strength.problem!.hint}` : null}
      </Text>
    </div>
  );
}
