import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/**
 * A combobox filter matching every typed word against an option's label or its extra text
 * (a member's email): the server already searched, this only keeps the list steady while the
 * next answer is on its way.
 */
export function wordsFilter(extra: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search }) => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return options;
    const matches = (item: ComboboxItem) => {
      const text = `${item.label} ${extra.get(item.value) ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    };
    return options.filter((option: ComboboxParsedItem) => 'value' in option && matches(option));
  };
}
