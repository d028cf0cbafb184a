import { Button, Group } from '@mantine/core';
import { SOURCE_CATEGORIES, type SourceCategoryFilter } from '../source-catalogue';

interface CategoryFilterProps {
  value: SourceCategoryFilter;
  onChange: (value: SourceCategoryFilter) => void;
}

/** SPEC §2: one button per category, All first; the active one is filled. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  return (
    <Group gap={8} role="group" aria-label="Category">
      {SOURCE_CATEGORIES.map((category) => {
        const active = category === value;
        return (
          <Button
            key={category}
            size="xs"
            radius="xl"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange(category)}
          >
            {category}
          </Button>
        );
      })}
    </Group>
  );
}
