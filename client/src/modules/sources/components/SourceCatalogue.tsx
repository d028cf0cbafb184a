import { Button, CloseButton, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../shared/EmptyState';
import {
  filterCatalogue,
  SOURCE_CATALOGUE,
  STATE_RANK,
  type CatalogueSource,
  type CatalogueState,
  type SourceCategoryFilter,
} from '../source-catalogue';
import { CatalogueCard } from './CatalogueCard';
import { CategoryFilter } from './CategoryFilter';

interface SourceCatalogueProps {
  /** Opens the upload dialog for a card; absent for members who may not add sources. */
  onPick?: (source: CatalogueSource) => void;
  /** Where each card's tool stands (connected, needs setup…); by default from the catalogue. */
  stateOf?: (source: CatalogueSource) => CatalogueState;
}

const staticState = (source: CatalogueSource): CatalogueState =>
  source.available ? 'available' : 'coming_soon';

const FILE_UPLOAD = SOURCE_CATALOGUE.find((s) => s.id === 'file_upload')!;

/** SPEC §2 'Available sources': a name search, category buttons and a grid of cards. */
export function SourceCatalogue({ onPick, stateOf = staticState }: SourceCatalogueProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<SourceCategoryFilter>('All');
  // What can be used first, then what needs setup, then what is coming (a stable sort).
  const shown = useMemo(
    () =>
      filterCatalogue(search, category)
        .map((source) => ({ source, state: stateOf(source) }))
        .sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state]),
    [search, category, stateOf],
  );
  const filtered = search.trim() !== '';

  return (
    <Stack gap="md">
      <TextInput
        placeholder="Search Sources"
        aria-label="Search Sources"
        maw={360}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          filtered ? (
            <CloseButton size="sm" aria-label="Clear" onClick={() => setSearch('')} />
          ) : null
        }
      />
      <CategoryFilter value={category} onChange={setCategory} />
      {shown.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          spacing="md"
          aria-label="Available sources list"
        >
          {shown.map(({ source, state }) => (
            <CatalogueCard key={source.id} source={source} state={state} onPick={onPick} />
          ))}
        </SimpleGrid>
      ) : (
        <EmptyState
          icon={IconZoomQuestion}
          headingOrder={4}
          title={
            filtered
              ? `No sources match “${search.trim()}”${category === 'All' ? '' : ` in ${category}`}`
              : `No ${category} sources yet`
          }
          description={
            filtered
              ? 'Try another name or category.'
              : `Connectors for ${category} tools are planned. Meanwhile, upload files exported from them.`
          }
          actions={
            <>
              {filtered && (
                <Button variant="default" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              )}
              {onPick && (
                <Button variant="light" onClick={() => onPick(FILE_UPLOAD)}>
                  Upload files
                </Button>
              )}
            </>
          }
        />
      )}
    </Stack>
  );
}
