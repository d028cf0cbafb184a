import { Button, Group, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useAuditFiltersQuery } from '../graphql/audit.generated';
import { actionLabel } from '../audit-format';

export interface AuditFilterValues {
  action: string | null;
  actorId: string | null;
}

/** Filter by action and by person, and export what the filters select. */
export function AuditFiltersBar({
  value,
  onChange,
  onExport,
  exporting,
}: {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { data } = useAuditFiltersQuery();
  const actions = (data?.auditActions ?? []).map((a) => ({ value: a, label: actionLabel(a) }));
  const people = (data?.members.nodes ?? []).map((m) => ({
    value: m.id,
    label: `${[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email} (${m.email})`,
  }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Action"
        placeholder="Every action"
        data={actions}
        value={value.action}
        onChange={(action) => onChange({ ...value, action })}
        clearable
        searchable
        w={260}
      />
      <Select
        label="Person"
        placeholder="Everyone"
        data={people}
        value={value.actorId}
        onChange={(actorId) => onChange({ ...value, actorId })}
        clearable
        searchable
        w={300}
      />
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={onExport}
        loading={exporting}
        ml="auto"
      >
        Export CSV
      </Button>
    </Group>
  );
}
