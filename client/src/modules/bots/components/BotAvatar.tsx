import { Avatar, type AvatarProps } from '@mantine/core';

/** "HR policies helper" → "HP"; one word → its first two letters. */
export function botInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? Array.from(words[0]).slice(0, 2)
      : [words[0], words[1]].map((w) => Array.from(w)[0]);
  return letters.join('').toUpperCase();
}

const COLORS = ['lumen', 'teal', 'grape', 'orange', 'cyan', 'pink', 'indigo', 'lime'];

/** The same bot always gets the same colour, so people recognise it across screens. */
function colorFor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

/** A bot's avatar: its initials on a colour picked from its id. */
export function BotAvatar({ id, name, ...props }: { id: string; name: string } & AvatarProps) {
  return (
    <Avatar color={colorFor(id)} radius="md" aria-hidden {...props}>
      {botInitials(name)}
    </Avatar>
  );
}
